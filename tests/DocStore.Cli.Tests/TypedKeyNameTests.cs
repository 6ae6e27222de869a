using DocStore.Bson.Interop;
using DocStore.Data;

namespace DocStore.Cli.Tests;

/// <summary>
/// SQL through the ADO.NET provider into a typed collection keyed by <c>Id</c>: <c>_id</c> is not its key, so
/// setting it is refused, and what is stored reads back through the generated collection and exports with
/// one key, the document's <c>Id</c> written as <c>_id</c>.
/// </summary>
public sealed class TypedKeyNameTests : IDisposable
{
    private readonly TempFolder _dir = new();

    public void Dispose()
    {
        DocStoreConnection.ClearAllPools();
        _dir.Dispose();
    }

    [Fact]
    public void Id_underscore_is_refused_and_the_export_holds_only_the_models_key()
    {
        using (DoorDb.Open(_dir["app.db"]))
        {
            // Opening the typed model records its key field and member types.
        }

        using (var connection = new DocStoreConnection($"Data Source={_dir["app.db"]};Pooling=false"))
        {
            connection.Open();
            Assert.Contains("its key field is 'Id'", Refused(connection, "INSERT INTO Samples (_id, S, I) VALUES (5, 'x', 1)"), StringComparison.Ordinal);
            Execute(connection, "INSERT INTO Samples (Id, S, I) VALUES (5, 'x', 1)");
            Assert.Contains("its key field is 'Id'", Refused(connection, "UPDATE Samples SET _id = 6 WHERE Id = 5"), StringComparison.Ordinal);
            Assert.Contains("cannot change the key field 'Id'", Refused(connection, "UPDATE Samples SET Id = 6 WHERE Id = 5"), StringComparison.Ordinal);
        }

        using (var db = DoorDb.Open(_dir["app.db"]))
        {
            Assert.Equal(1, db.Samples.Count());
            var sample = db.Samples.Get(5)!;
            Assert.Equal((5, "x", 1), (sample.Id, sample.S, sample.I));
        }

        var result = _dir.Run("export", "app.db", "Samples", "out.jsonl");
        Assert.True(result.ExitCode == 0, result.Error);
        var line = Assert.Single(File.ReadAllLines(_dir["out.jsonl"]));
        Assert.Equal(1, line.Split("\"_id\"").Length - 1);
        Assert.Equal(5, ExtendedJson.Parse(line)["_id"].AsInt32);
    }

    private static void Execute(DocStoreConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static string Refused(DocStoreConnection connection, string sql) =>
        Assert.Throws<SqlExecutionException>(() => Execute(connection, sql)).Message;
}
