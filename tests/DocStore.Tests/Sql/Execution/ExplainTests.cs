using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

public class ExplainTests
{
    [Theory]
    [InlineData("SELECT * FROM People WHERE _id = 3", "key seek", null)]
    [InlineData("SELECT * FROM People WHERE _id IN (1, 2)", "key seek", null)]
    [InlineData("SELECT * FROM People WHERE _id > 3", "key range", null)]
    [InlineData("SELECT * FROM People WHERE _id BETWEEN 2 AND 4", "key range", null)]
    [InlineData("SELECT * FROM People WHERE Email = @e", "index seek", "Email")]
    [InlineData("SELECT * FROM People WHERE Age = 31", "index seek", "Age")]
    [InlineData("SELECT * FROM People WHERE Age IN (19, 31)", "index seek", "Age")]
    [InlineData("SELECT * FROM People WHERE Age > 30", "index range", "Age")]
    [InlineData("SELECT * FROM People WHERE Age BETWEEN 20 AND 40", "index range", "Age")]
    [InlineData("SELECT * FROM People WHERE Email LIKE 'an%'", "index prefix", "Email")]
    [InlineData("SELECT * FROM People WHERE Tags[] = 'vip'", "index seek", "Tags")]
    [InlineData("SELECT * FROM People WHERE Address.City = 'Oslo'", "index seek", "AddressCityName")]
    [InlineData("SELECT * FROM People WHERE Address.City = 'Oslo' AND Name = 'Ann'", "index seek", "AddressCityName")]
    [InlineData("SELECT * FROM People WHERE Age = 31 OR Email = 'x'", "index union", "Age, Email")]
    [InlineData("SELECT * FROM People WHERE Age = 31 OR Name = 'Ann'", "full scan", null)]
    [InlineData("SELECT * FROM People WHERE Address.City = 'Oslo' AND Name > 'B'", "index seek", "AddressCityName")]
    [InlineData("SELECT * FROM People WHERE Name = 'Ann'", "full scan", null)]
    [InlineData("SELECT * FROM People WHERE Email LIKE '%x'", "full scan", null)]
    [InlineData("SELECT * FROM People ORDER BY Age LIMIT 3", "index order", "Age")]
    [InlineData("SELECT * FROM People ORDER BY _id DESC LIMIT 3", "key order", null)]
    [InlineData("SELECT * FROM docstore_indexes", "system table", null)]
    public void The_access_path_follows_the_indexes(string sql, string access, string? index)
    {
        using var db = SqlDatabase.People();
        var plan = Assert.Single(db.Sql.Query("EXPLAIN " + sql));
        Assert.Equal(access, plan["access"].AsString);
        Assert.Equal(index, plan["index"].IsNull ? null : plan["index"].AsString);
    }

    [Fact]
    public void A_unique_equality_wins_over_a_longer_non_unique_one()
    {
        using var db = SqlDatabase.People();
        var plan = Assert.Single(db.Sql.Query("EXPLAIN SELECT * FROM People WHERE Age = 31 AND Email = 'ann@x.org'"));
        Assert.Equal("Email", plan["index"].AsString);
        Assert.Equal("Age = 31", plan["filter"].AsString);
    }

    [Fact]
    public void The_residual_filter_and_sort_are_shown()
    {
        using var db = SqlDatabase.People();
        var plan = Assert.Single(db.Sql.Query("EXPLAIN SELECT Name FROM People WHERE Age > 20 AND Name LIKE 'A%' ORDER BY Name"));
        Assert.Equal("index range", plan["access"].AsString);
        Assert.Equal("Age > 20 AND Name LIKE 'A%'", plan["filter"].AsString);
        Assert.Equal("sort", plan["sort"].AsString);
        var topN = Assert.Single(db.Sql.Query("EXPLAIN SELECT Name FROM People ORDER BY Name LIMIT 2"));
        Assert.Equal("top-n", topN["sort"].AsString);
        var ordered = Assert.Single(db.Sql.Query("EXPLAIN SELECT Name FROM People WHERE Age > 20 ORDER BY Age"));
        Assert.Equal("index order", ordered["sort"].AsString);
    }

    [Fact]
    public void An_index_union_shows_the_or_and_its_ranges()
    {
        using var db = SqlDatabase.People();
        var plan = Assert.Single(db.Sql.Query("EXPLAIN SELECT _id FROM People WHERE Age = 31 OR Age BETWEEN 40 AND 50 OR Email = 'ann@x.org'"));
        Assert.Equal("Age, Email", plan["index"].AsString);
        Assert.Equal("Age = 31 OR Age BETWEEN 40 AND 50 OR Email = 'ann@x.org' (3 ranges)", plan["condition"].AsString);
        Assert.Equal("Age = 31 OR Age BETWEEN 40 AND 50 OR Email = 'ann@x.org'", plan["filter"].AsString);
    }

    [Fact]
    public void Joins_name_their_method()
    {
        using var db = SqlDatabase.People();
        var rows = db.Sql.Query("EXPLAIN SELECT * FROM People p JOIN Orders o ON o.CustomerId = p._id LEFT JOIN People q ON q._id = o.CustomerId JOIN Orders r ON r.Total = o.Total JOIN Orders s ON s.Total > o.Total");
        // Orders (four documents) drives; People is sought by key, for the inner and the LEFT JOIN alike.
        Assert.Equal(["o", "p", "q", "s", "r"], rows.Select(r => r["source"].AsString));
        Assert.Equal(["full scan", "key seek", "key seek", "full scan", "full scan"], rows.Select(r => r["access"].AsString));
        Assert.Equal(["null", "index nested loop", "index nested loop", "nested loop", "hash join"], rows.Select(r => r["join"].ToString().Trim('"')));
    }

    [Fact]
    public void Count_star_is_answered_from_keys()
    {
        using var db = SqlDatabase.People();
        var plan = Assert.Single(db.Sql.Query("EXPLAIN SELECT COUNT(*) FROM People WHERE Age = 31"));
        Assert.Equal("index seek", plan["access"].AsString);
        Assert.Contains("count from keys", plan["condition"].AsString, StringComparison.Ordinal);
        Assert.Equal(2, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM People WHERE Age = 31").AsInt64);
        Assert.Equal(6, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM People").AsInt64);
    }
}
