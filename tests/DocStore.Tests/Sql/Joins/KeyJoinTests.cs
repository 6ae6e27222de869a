using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Joins;

/// <summary>
/// A source joined through its key finds exactly the documents whose key SQL equality matches, whatever
/// the kind of the value sought: each query is checked against the same join with the key hidden behind
/// a unary plus, which the planner cannot seek and so checks row by row.
/// </summary>
public sealed class KeyJoinTests : IDisposable
{
    private readonly DocStoreDatabase _db = DocStoreDatabase.OpenInMemory();

    public KeyJoinTests()
    {
        var keys = _db.GetCollection("K");
        for (var id = 0; id <= 6; id++)
        {
            keys.Insert(new BsonDocument { { "_id", id }, { "n", id * 10 } });
        }

        // Keys of three number kinds, so a seek cannot use the integer encoding alone.
        var mixed = _db.GetCollection("Mixed");
        mixed.Insert(new BsonDocument { { "_id", 1 }, { "n", 1 } });
        mixed.Insert(new BsonDocument { { "_id", 2.5 }, { "n", 2 } });
        mixed.Insert(new BsonDocument { { "_id", 3.0 }, { "n", 3 } });
        mixed.Insert(new BsonDocument { { "_id", 4m }, { "n", 4 } });
        for (var id = 100; id < 140; id++)
        {
            // Enough documents that seeking them per row beats reading them all.
            mixed.Insert(new BsonDocument { { "_id", id }, { "n", id } });
        }

        BsonValue[] values = [0, 1, 2, 2.0, 2m, 3, 4, 5L, 6, 99, -1, 3.5, true, false, "2", BsonNull.Value];
        var refs = _db.GetCollection("Refs");
        for (var i = 0; i < values.Length; i++)
        {
            refs.Insert(new BsonDocument { { "_id", i + 1 }, { "v", values[i] } });
        }

        refs.Insert(new BsonDocument { { "_id", values.Length + 1 } });
    }

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData("K")]
    [InlineData("Mixed")]
    public void A_key_join_matches_every_value_that_equals_a_key(string collection)
    {
        var sought = $"SELECT r._id, k._id, k.n FROM Refs r, {collection} k WHERE k._id = r.v ORDER BY 1, 2";
        var plan = _db.Sql.Query("EXPLAIN " + sought);
        Assert.Equal(["r", "k"], plan.Select(r => r["source"].AsString));
        Assert.Equal("key seek", plan[1]["access"].AsString);

        var rows = Rows(sought);
        Assert.NotEmpty(rows);
        Assert.Equal(Rows(sought.Replace("k._id = r.v", "+k._id = r.v", StringComparison.Ordinal)), rows);
    }

    [Fact]
    public void A_chain_of_key_joins_through_arithmetic_matches_the_checked_join()
    {
        const string sought = "SELECT a._id, b._id, c.n FROM K a, K b, K c WHERE b._id = a._id + 1 AND c._id = b._id + 1 AND a.n < 50 ORDER BY 1";
        var plan = _db.Sql.Query("EXPLAIN " + sought);
        Assert.Equal(["a", "b", "c"], plan.Select(r => r["source"].AsString));
        Assert.All(plan.Skip(1), row => Assert.Equal("key seek", row["access"].AsString));

        var rows = Rows(sought);
        Assert.NotEmpty(rows);
        Assert.Equal(Rows(sought.Replace("b._id =", "+b._id =", StringComparison.Ordinal).Replace("c._id =", "+c._id =", StringComparison.Ordinal)), rows);
    }

    [Fact]
    public void A_key_join_in_a_session_transaction_sees_its_uncommitted_documents()
    {
        using var session = _db.Sql.OpenSession();
        using var transaction = _db.BeginTransaction();
        session.Transaction = transaction;
        session.Execute("INSERT INTO K (_id, n) VALUES (7, 70)");
        session.Execute("INSERT INTO Refs (_id, v) VALUES (100, 7)");
        Assert.Equal(70, session.ExecuteScalar("SELECT k.n FROM Refs r, K k WHERE k._id = r.v AND r._id = 100").AsInt32);
    }

    private List<string> Rows(string sql) =>
        [.. _db.Sql.Query(sql).Select(row => string.Join(" | ", row.Select(field => field.Value.ToString())))];
}
