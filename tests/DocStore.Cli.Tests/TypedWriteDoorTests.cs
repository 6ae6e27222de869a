using DocStore.Bson.Interop;
using DocStore.Data;

namespace DocStore.Cli.Tests;

/// <summary>
/// Every write door into a collection whose catalog records member types (a generated model opened it)
/// stores a convertible value in its typed form, read back through the generated collection, and refuses a
/// wrong one naming the collection, key, field, declared type and value, leaving the stored documents as
/// they were: untyped collection writes, SQL INSERT, an ADO.NET parameter, and `docstore import` of .jsonl,
/// .json (array), .csv and .bson.
/// </summary>
public sealed class TypedWriteDoorTests : IDisposable
{
    private static readonly DateTime Utc = new(2024, 5, 6, 7, 8, 9, DateTimeKind.Utc);

    private static readonly Dictionary<string, TypeCase> Cases = new TypeCase[]
    {
        new("int", "I", "7.0", "7", 7.0, s => s.I, 7, "\"bad-I\"", "bad-I", "bad-I", "I", "int32", "'bad-I'"),
        new("long", "L", "5", "5", 5, s => s.L, 5L, "1.5", "1.5", 1.5, "L", "int64", "1.5"),
        new("double", "D", "3", "3", 3, s => s.D, 3.0, "\"bad-D\"", "bad-D", "bad-D", "D", "double", "'bad-D'"),
        new("decimal", "M", "2.5", "2.5", 2.5, s => s.M, 2.5m, "\"bad-M\"", "bad-M", "bad-M", "M", "decimal", "'bad-M'"),
        new("bool", "B", "true", "true", true, s => s.B, true, "\"bad-B\"", "bad-B", "bad-B", "B", "bool", "'bad-B'"),
        new("string", "S", "\"hi\"", "hi", "hi", s => s.S, "hi", "5", null, 5, "S", "string", "an int32 5"),
        new("DateTime", "T", "\"2024-05-06T07:08:09Z\"", "2024-05-06T07:08:09Z", "2024-05-06T07:08:09Z", s => (s.T, s.T.Kind), (Utc, DateTimeKind.Utc), "\"bad-T\"", "bad-T", "bad-T", "T", "datetime", "'bad-T'"),
        new("DateTime from $date", "T", "{\"$date\": \"2024-05-06T07:08:09Z\"}", null, Utc, s => (s.T, s.T.Kind), (Utc, DateTimeKind.Utc), "{\"$date\": {\"$numberLong\": \"253402300800000\"}}", null, null, "T", "datetime", "a datetime"),
        new("DateTimeOffset", "O", "\"2024-05-06T07:08:09+02:00\"", "2024-05-06T07:08:09+02:00", "2024-05-06T07:08:09+02:00", s => (s.O, s.O.Offset), (new DateTimeOffset(2024, 5, 6, 7, 8, 9, TimeSpan.FromHours(2)), TimeSpan.FromHours(2)), "\"bad-O\"", "bad-O", "bad-O", "O", "datetimeoffset", "'bad-O'"),
        new("DateTimeOffset from $date", "O", "{\"$date\": \"2024-05-06T07:08:09Z\"}", null, null, s => (s.O, s.O.Offset), (new DateTimeOffset(Utc), TimeSpan.Zero), "true", null, null, "O", "datetimeoffset", "a boolean"),
        new("DateOnly", "Day", "\"2024-05-06\"", "2024-05-06", "2024-05-06", s => s.Day, new DateOnly(2024, 5, 6), "\"2024-13-45\"", "2024-13-45", "2024-13-45", "Day", "dateonly", "'2024-13-45'"),
        new("TimeOnly", "Clock", "\"07:08:09\"", "07:08:09", "07:08:09", s => s.Clock, new TimeOnly(7, 8, 9), "\"25:99\"", "25:99", "25:99", "Clock", "timeonly", "'25:99'"),
        new("TimeSpan", "Span", "\"01:02:03\"", "01:02:03", "01:02:03", s => s.Span, new TimeSpan(1, 2, 3), "\"bad-Span\"", "bad-Span", "bad-Span", "Span", "timespan", "'bad-Span'"),
        new("Guid", "G", "\"0f8fad5b-d9cb-469f-a165-70867728950e\"", "0f8fad5b-d9cb-469f-a165-70867728950e", "0f8fad5b-d9cb-469f-a165-70867728950e", s => s.G, Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), "\"bad-G\"", "bad-G", "bad-G", "G", "guid", "'bad-G'"),
        new("ObjectId", "Oid", "\"65a1b2c3d4e5f60718293a4b\"", "65a1b2c3d4e5f60718293a4b", "65a1b2c3d4e5f60718293a4b", s => s.Oid, DocStore.ObjectId.Parse("65a1b2c3d4e5f60718293a4b"), "\"65a1b2c3d4e5f60718293a4\"", "65a1b2c3d4e5f60718293a4", "65a1b2c3d4e5f60718293a4", "Oid", "objectid", "'65a1b2c3d4e5f60718293a4'"),
        new("nested object", "Sub", "{\"N\": 4.0}", "4", null, s => s.Sub.N, 4, "{\"N\": \"bad-N\"}", "bad-N", null, "Sub.N", "int32", "'bad-N'", CsvColumn: "Sub.N"),
        new("array", "Nums", "[1, 2.0]", null, null, s => string.Join(",", s.Nums), "1,2", "[1, \"bad-Nums\"]", null, null, "Nums[1]", "int32", "'bad-Nums'"),
    }.ToDictionary(c => c.Name);

    private readonly TempFolder _dir = new();

    public static TheoryData<string, string> Pairs()
    {
        var data = new TheoryData<string, string>();
        foreach (var door in new[] { "untyped", "sql", "ado", "jsonl", "json", "csv", "bson" })
        {
            foreach (var (name, c) in Cases)
            {
                if ((door != "csv" || c.GoodCsv is not null) && (door != "ado" || c.GoodParam is not null))
                {
                    data.Add(door, name);
                }
            }
        }

        return data;
    }

    public void Dispose()
    {
        DocStoreConnection.ClearAllPools();
        _dir.Dispose();
    }

    [Theory]
    [MemberData(nameof(Pairs))]
    public void A_door_stores_the_typed_form_and_refuses_a_wrong_value(string door, string type)
    {
        var c = Cases[type];
        using (DoorDb.Open(_dir["app.db"]))
        {
            // Opening the typed model records the member types.
        }

        var stored = Write(door, c, 1, c.Good, c.GoodCsv, c.GoodParam);
        Assert.Null(stored);
        using (var db = DoorDb.Open(_dir["app.db"]))
        {
            Assert.Equal(c.Expected, c.Read(db.Samples.Get(1)!));
        }

        if (door == "csv" ? c.BadCsv is null : door == "ado" && c.BadParam is null)
        {
            return;
        }

        var error = Write(door, c, 2, c.Bad, c.BadCsv, c.BadParam);
        Assert.NotNull(error);
        foreach (var part in new[] { "collection 'Samples'", $"'{c.BadPath}'", c.Declared, c.BadShown })
        {
            Assert.Contains(part, error, StringComparison.Ordinal);
        }

        Assert.Contains("document 2 ", error, StringComparison.OrdinalIgnoreCase);
        using (var db = DoorDb.Open(_dir["app.db"]))
        {
            Assert.Equal([1], db.Samples.FindAll().Select(s => s.Id));
            Assert.Equal(c.Expected, c.Read(db.Samples.Get(1)!));
        }
    }

    /// <summary>Writes document <paramref name="id"/> with the case's field through <paramref name="door"/>; the error message, or null when it was stored.</summary>
    private string? Write(string door, TypeCase c, int id, string json, string? csv, object? parameter)
    {
        var document = $"{{\"Id\": {id}, \"{c.Field}\": {json}}}";
        switch (door)
        {
            case "untyped":
            case "sql":
            case "ado":
                try
                {
                    if (door == "untyped")
                    {
                        using var db = DocStoreDatabase.Open(_dir["app.db"]);
                        db.GetCollection("Samples").Insert(ExtendedJson.Parse(document));
                    }
                    else if (door == "sql")
                    {
                        using var db = DocStoreDatabase.Open(_dir["app.db"]);
                        db.Sql.Execute($"INSERT INTO Samples VALUES ({document})");
                    }
                    else
                    {
                        using var connection = new DocStoreConnection($"Data Source={_dir["app.db"]};Pooling=false");
                        connection.Open();
                        using var command = connection.CreateCommand();
                        command.CommandText = $"INSERT INTO Samples (Id, {c.Field}) VALUES ({id}, @v)";
                        command.Parameters.AddWithValue("v", parameter);
                        command.ExecuteNonQuery();
                    }

                    return null;
                }
                catch (DocStoreException e)
                {
                    Assert.True(door == "untyped" ? e is DocumentSchemaException : e is SqlExecutionException, e.ToString());
                    return e.Message;
                }

            case "csv":
                File.WriteAllText(_dir["data.csv"], $"Id,{c.CsvColumn ?? c.Field}\n{id},{csv}\n");
                return Import("data.csv", "line 2");
            case "bson":
                File.WriteAllBytes(_dir["data.bson"], BsonBinary.Write(ExtendedJson.Parse(document)));
                return Import("data.bson", "byte offset 0");
            case "json":
                File.WriteAllText(_dir["data.json"], $"[\n{document}\n]\n");
                return Import("data.json", "element 1, line 2", "--json-array");
            default:
                File.WriteAllText(_dir["data.jsonl"], document + "\n");
                return Import("data.jsonl", "line 1");
        }
    }

    private string? Import(string file, string position, params string[] extra)
    {
        var result = _dir.Run(["import", "app.db", "Samples", file, .. extra]);
        if (result.ExitCode == 0)
        {
            Assert.Contains("imported 1 document into Samples", result.Output, StringComparison.Ordinal);
            return null;
        }

        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"{file}: {position}", result.Error, StringComparison.Ordinal);
        return result.Error;
    }

    /// <summary>One declared type: a value each door converts, what the generated reader then returns, and a value it refuses.</summary>
    public sealed record TypeCase(
        string Name,
        string Field,
        string Good,
        string? GoodCsv,
        object? GoodParam,
        Func<Sample, object> Read,
        object Expected,
        string Bad,
        string? BadCsv,
        object? BadParam,
        string BadPath,
        string Declared,
        string BadShown,
        string? CsvColumn = null);
}
