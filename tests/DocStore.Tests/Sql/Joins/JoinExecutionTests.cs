using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Joins;

/// <summary>Comma joins, CROSS JOIN, USING and WHERE-driven joins return the same rows whatever order the planner picks.</summary>
public sealed class JoinExecutionTests
{
    [Fact]
    public void A_comma_join_with_a_where_equality_pairs_matching_documents()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(
            "\"Ann\" | 100\n\"Ann\" | 101\n\"Bob\" | 102",
            SqlDatabase.Rows(db, "SELECT p.Name, o._id FROM People p, Orders o WHERE o.CustomerId = p._id ORDER BY o._id"));
    }

    [Theory]
    [InlineData("SELECT p.Name, o._id, q.Name FROM People p, Orders o, People q WHERE o.CustomerId = p._id AND q.Age = p.Age AND q._id <> p._id")]
    [InlineData("SELECT p.Name, o._id, q.Name FROM Orders o, People q, People p WHERE p._id = o.CustomerId AND p.Age = q.Age AND p._id <> q._id")]
    [InlineData("SELECT p.Name, o._id, q.Name FROM People q JOIN Orders o ON 1 = 1 JOIN People p ON p._id = o.CustomerId WHERE p.Age = q.Age AND p._id <> q._id")]
    public void The_written_order_does_not_change_the_rows(string sql)
    {
        using var db = SqlDatabase.People();

        // Ann (31) has orders 100 and 101; Cid is the other person aged 31.
        Assert.Equal("\"Ann\" | 100 | \"Cid\"\n\"Ann\" | 101 | \"Cid\"", SqlDatabase.Rows(db, sql + " ORDER BY 2"));
    }

    [Fact]
    public void Cross_join_pairs_every_document()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(24, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM People p CROSS JOIN Orders o").AsInt64);
        Assert.Equal(24, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM People, Orders").AsInt64);
    }

    [Fact]
    public void Using_joins_on_the_named_fields()
    {
        using var db = SqlDatabase.People();

        // Customer 1 has two orders (four pairs), customers 2 and 9 one each.
        Assert.Equal(6, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM Orders o JOIN Orders r USING (CustomerId)").AsInt64);
        Assert.Equal("100,101,102,103", SqlDatabase.Column(db, "SELECT o._id FROM Orders o LEFT JOIN People p USING (_id) ORDER BY o._id"));
    }

    [Fact]
    public void Using_a_field_no_source_has_is_an_error_at_the_name()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT * FROM People p JOIN Orders o USING (Nope)"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, error.ErrorCode);
        Assert.Contains("Nope", error.Message, StringComparison.Ordinal);
        Assert.Equal(44, error.Position);
    }

    [Fact]
    public void Where_conditions_on_a_left_joined_source_apply_after_nulls_are_filled_in()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("3,4,5,6", SqlDatabase.Column(db, "SELECT p._id FROM People p LEFT JOIN Orders o ON o.CustomerId = p._id WHERE o._id IS NULL ORDER BY p._id"));

        // In ON the same test only decides what matches: every person stays.
        Assert.Equal(6, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM People p LEFT JOIN Orders o ON o.CustomerId = p._id AND o._id IS NULL").AsInt64);
    }

    [Fact]
    public void A_left_join_keeps_its_left_side_first_even_when_the_right_is_smaller()
    {
        using var db = SqlDatabase.People();
        var rows = db.Sql.Query("EXPLAIN SELECT * FROM People p LEFT JOIN Orders o ON o.CustomerId = p._id");
        Assert.Equal(["p", "o"], rows.Select(r => r["source"].AsString));
        Assert.Equal(7, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM People p LEFT JOIN Orders o ON o.CustomerId = p._id").AsInt64);
    }

    [Fact]
    public void Cross_join_keeps_the_written_order()
    {
        using var db = SqlDatabase.People();
        var rows = db.Sql.Query("EXPLAIN SELECT * FROM People p CROSS JOIN Orders o WHERE p._id = o.CustomerId");
        Assert.Equal(["p", "o"], rows.Select(r => r["source"].AsString));
        var swapped = db.Sql.Query("EXPLAIN SELECT * FROM Orders o CROSS JOIN People p WHERE p._id = o.CustomerId");
        Assert.Equal(["o", "p"], swapped.Select(r => r["source"].AsString));
    }

    [Fact]
    public async Task A_join_of_thirty_small_collections_plans_and_runs()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        const int count = 30;
        for (var c = 0; c < count; c++)
        {
            var collection = db.GetCollection($"c{c}");
            for (var id = 1; id <= 3; id++)
            {
                collection.Insert(new BsonDocument { { "_id", id }, { "ref", ((id + c) % 3) + 1 }, { "v", id } });
            }
        }

        // Each collection's document points at one document of the next, written in a scrambled order.
        var from = string.Join(", ", Enumerable.Range(0, count).Select(c => $"c{(c * 7) % count}"));
        var where = string.Join(" AND ", Enumerable.Range(0, count - 1).Select(c => $"c{c + 1}._id = c{c}.ref"));
        var sql = $"SELECT c0._id, c{count - 1}._id FROM {from} WHERE {where} AND c0.v < 3 ORDER BY 1";
        // A timeout only as a guard against a planner that does not finish.
        var (rows, planRows) = await Task.Run(() => (SqlDatabase.Rows(db, sql), db.Sql.Query("EXPLAIN " + sql).Count)).WaitAsync(TimeSpan.FromMinutes(10));
        Assert.Equal(ExpectedChainEnds(count), rows);
        Assert.Equal(count, planRows);
    }

    /// <summary>Follows each chain by hand: start at c0 documents 1 and 2 (v &lt; 3), step through ref = ((id + c) % 3) + 1.</summary>
    private static string ExpectedChainEnds(int count)
    {
        var lines = new List<string>();
        foreach (var start in new[] { 1, 2 })
        {
            var id = start;
            for (var c = 0; c < count - 1; c++)
            {
                id = ((id + c) % 3) + 1;
            }

            lines.Add($"{start} | {id}");
        }

        return string.Join("\n", lines);
    }
}
