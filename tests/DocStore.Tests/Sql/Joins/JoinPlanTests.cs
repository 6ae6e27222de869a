using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Joins;

/// <summary>EXPLAIN shows the join order the planner picks: one row per source, in join order.</summary>
public sealed class JoinPlanTests : IDisposable
{
    private readonly DocStoreDatabase _db = DocStoreDatabase.OpenInMemory();

    public JoinPlanTests()
    {
        var big = _db.GetCollection("Big", IndexDefinition.On("ref"));
        for (var id = 1; id <= 600; id++)
        {
            big.Insert(new BsonDocument { { "_id", id }, { "ref", id % 5 }, { "plain", id % 5 } });
        }

        var small = _db.GetCollection("Small");
        for (var id = 0; id < 5; id++)
        {
            small.Insert(new BsonDocument { { "_id", id }, { "name", $"s{id}" } });
        }
    }

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData("SELECT COUNT(*) FROM Big b, Small s WHERE b.ref = s._id")]
    [InlineData("SELECT COUNT(*) FROM Small s, Big b WHERE b.ref = s._id")]
    [InlineData("SELECT COUNT(*) FROM Big b JOIN Small s ON s._id = b.ref")]
    [InlineData("SELECT COUNT(*) FROM Small s JOIN Big b ON s._id = b.ref")]
    public void The_indexed_join_column_is_looked_up_whatever_the_written_order(string sql)
    {
        var plan = _db.Sql.Query("EXPLAIN " + sql);
        Assert.Equal(["s", "b"], plan.Select(r => r["source"].AsString));
        Assert.Equal("index nested loop", plan[1]["join"].AsString);
        Assert.Equal("index seek", plan[1]["access"].AsString);
        Assert.Equal("ref", plan[1]["index"].AsString);
        Assert.Equal(600, _db.Sql.ExecuteScalar(sql).AsInt64);
    }

    [Theory]
    [InlineData("SELECT COUNT(*) FROM Big b, Small s WHERE b._id = s._id")]
    [InlineData("SELECT COUNT(*) FROM Small s, Big b WHERE s._id = b._id")]
    public void A_key_join_column_is_sought_by_key(string sql)
    {
        var plan = _db.Sql.Query("EXPLAIN " + sql);
        Assert.Equal(["s", "b"], plan.Select(r => r["source"].AsString));
        Assert.Equal("index nested loop", plan[1]["join"].AsString);
        Assert.Equal("key seek", plan[1]["access"].AsString);
        Assert.Equal(4, _db.Sql.ExecuteScalar(sql).AsInt64);
    }

    [Fact]
    public void A_small_source_is_hashed_rather_than_sought_per_row_of_a_large_one()
    {
        // Reading Big once and probing a hash of Small beats one key seek per Big document.
        const string sql = "SELECT COUNT(*) FROM Big b, Small s WHERE s._id = b.plain";
        var plan = _db.Sql.Query("EXPLAIN " + sql);
        Assert.Equal("hash join", plan[1]["join"].AsString);
        Assert.Equal(600, _db.Sql.ExecuteScalar(sql).AsInt64);
    }

    [Fact]
    public void A_filter_on_one_source_is_pushed_to_it()
    {
        var plan = _db.Sql.Query("EXPLAIN SELECT b._id FROM Small s, Big b WHERE b.ref = s._id AND s.name = 's2'");
        Assert.Equal("s", plan[0]["source"].AsString);
        Assert.Equal("s.name = 's2'", plan[0]["filter"].AsString);
        Assert.Equal(120, _db.Sql.Query("SELECT b._id FROM Small s, Big b WHERE b.ref = s._id AND s.name = 's2'").Count);
    }

    [Fact]
    public void An_equality_without_an_index_becomes_a_hash_join()
    {
        var plan = _db.Sql.Query("EXPLAIN SELECT COUNT(*) FROM Big b, Big c WHERE b.plain = c.plain AND b._id < 10");
        Assert.Equal("hash join", plan[1]["join"].AsString);
        Assert.Equal(9 * 120, _db.Sql.ExecuteScalar("SELECT COUNT(*) FROM Big b, Big c WHERE b.plain = c.plain AND b._id < 10").AsInt64);
    }
}
