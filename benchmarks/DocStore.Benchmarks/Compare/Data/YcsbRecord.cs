namespace DocStore.Benchmarks.Compare.Data;

/// <summary>A YCSB record: ten fields of 100 ASCII characters under a string key.</summary>
public sealed class YcsbRecord
{
    public const int FieldCount = 10;
    public const int FieldLength = 100;

    public string[] Fields { get; } = new string[FieldCount];

    public static string Key(long keyNumber) => "user" + keyNumber.ToString("D12", System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>The deterministic value of field <paramref name="field"/> of a record at version <paramref name="version"/>.</summary>
    public static string FieldValue(long keyNumber, int field, long version) => string.Create(FieldLength, (keyNumber, field, version), static (span, s) =>
    {
        var x = (ulong)s.keyNumber * 31 + (ulong)s.field * 1_000_003 + (ulong)s.version * 7_919;
        for (var i = 0; i < span.Length; i++)
        {
            x = x * 6364136223846793005UL + 1442695040888963407UL;
            span[i] = (char)('!' + (int)((x >> 33) % 94));
        }
    });

    public static YcsbRecord Create(long keyNumber)
    {
        var record = new YcsbRecord();
        for (var i = 0; i < FieldCount; i++)
        {
            record.Fields[i] = FieldValue(keyNumber, i, 0);
        }

        return record;
    }
}
