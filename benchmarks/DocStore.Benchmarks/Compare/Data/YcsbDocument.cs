namespace DocStore.Benchmarks.Compare.Data;

/// <summary>
/// A YCSB record as DocStore stores it: the string key and ten named fields, the layout YCSB's document
/// bindings use (one field per column of the JDBC table the SQLite peer has).
/// </summary>
[Collection("Usertable")]
public sealed partial class YcsbDocument
{
    [Key]
    public string Key { get; set; } = "";

    public string Field0 { get; set; } = "";

    public string Field1 { get; set; } = "";

    public string Field2 { get; set; } = "";

    public string Field3 { get; set; } = "";

    public string Field4 { get; set; } = "";

    public string Field5 { get; set; } = "";

    public string Field6 { get; set; } = "";

    public string Field7 { get; set; } = "";

    public string Field8 { get; set; } = "";

    public string Field9 { get; set; } = "";

    public static YcsbDocument From(string key, YcsbRecord record)
    {
        var document = new YcsbDocument { Key = key };
        for (var i = 0; i < YcsbRecord.FieldCount; i++)
        {
            document.Set(i, record.Fields[i]);
        }

        return document;
    }

    public void CopyTo(YcsbRecord record)
    {
        for (var i = 0; i < YcsbRecord.FieldCount; i++)
        {
            record.Fields[i] = Get(i);
        }
    }

    public string Get(int field) => field switch
    {
        0 => Field0,
        1 => Field1,
        2 => Field2,
        3 => Field3,
        4 => Field4,
        5 => Field5,
        6 => Field6,
        7 => Field7,
        8 => Field8,
        9 => Field9,
        _ => throw new ArgumentOutOfRangeException(nameof(field), field, "A YCSB record has fields 0 to 9."),
    };

    public void Set(int field, string value)
    {
        switch (field)
        {
            case 0: Field0 = value; break;
            case 1: Field1 = value; break;
            case 2: Field2 = value; break;
            case 3: Field3 = value; break;
            case 4: Field4 = value; break;
            case 5: Field5 = value; break;
            case 6: Field6 = value; break;
            case 7: Field7 = value; break;
            case 8: Field8 = value; break;
            case 9: Field9 = value; break;
            default: throw new ArgumentOutOfRangeException(nameof(field), field, "A YCSB record has fields 0 to 9.");
        }
    }
}
