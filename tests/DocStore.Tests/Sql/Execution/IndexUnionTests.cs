using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

/// <summary>
/// Disjunctions answered by an index union, and equality-then-range seeks on a composite index: each query
/// runs over a collection with the indexes and over a copy without any (read by a full scan), and both
/// must return the same documents; EXPLAIN must name the access.
/// </summary>
public sealed class IndexUnionTests : IDisposable
{
    private readonly DocStoreDatabase _db = DocStoreDatabase.OpenInMemory();

    public IndexUnionTests()
    {
        var indexed = _db.GetCollection("Indexed", IndexDefinition.UniqueOn("Email"), IndexDefinition.On("Age"), IndexDefinition.On("City"),
            IndexDefinition.On("Tags[]"), IndexDefinition.On("A", "B"));
        var plain = _db.GetCollection("Plain");
        var random = new Random(7);
        string?[] cities = ["Oslo", "Bergen", "Bodø", "oslo", "", null];
        string[] tags = ["a", "b", "c", "vip"];
        for (var id = 1; id <= 400; id++)
        {
            var document = new BsonDocument { { "_id", id }, { "Email", $"e{id}@x.org" } };
            switch (random.Next(6))
            {
                case 0: break;
                case 1: document.Add("Age", BsonNull.Value); break;
                case 2: document.Add("Age", random.Next(50) + 0.5); break;
                case 3: document.Add("Age", (long)random.Next(50)); break;
                default: document.Add("Age", random.Next(50)); break;
            }

            if (cities[random.Next(cities.Length + 1) % cities.Length] is { } city)
            {
                document.Add("City", city);
            }

            if (random.Next(4) > 0)
            {
                document.Add("Tags", new BsonArray(Enumerable.Range(0, random.Next(3)).Select(_ => (BsonValue)tags[random.Next(tags.Length)])));
            }

            if (random.Next(5) > 0)
            {
                document.Add("A", random.Next(6));
                document.Add("B", random.Next(10));
            }

            indexed.Insert(document);
            plain.Insert(document);
        }
    }

    [Theory]
    [InlineData("Age = 1 OR Age = 5 OR Age BETWEEN 10 AND 20", "Age", "(3 ranges)")]
    [InlineData("Email = 'e5@x.org' OR City = 'Oslo'", "Email, City", "(2 ranges)")]
    [InlineData("City = 'Bodø' OR Email = 'e5@x.org' OR City = 'Bergen'", "City, Email", "(3 ranges)")]
    [InlineData("_id = 3 OR Age > 40", "_id, Age", "(2 ranges)")]
    [InlineData("_id IN (3, 9, 12) OR _id > 390", "_id", "(4 ranges)")]
    [InlineData("Age IN (1, 2, 2.5) OR City LIKE 'B%'", "Age, City", "(4 ranges)")]
    [InlineData("Tags[] = 'vip' OR Age < 3", "Tags, Age", "(2 ranges)")]
    [InlineData("(A = 1 AND B > 3) OR A = 5 OR Age >= 45", "AB, Age", "(3 ranges)")]
    [InlineData("Age > 10 OR Age > 5 OR Age BETWEEN 1 AND 30", "Age", "(3 ranges)")]
    [InlineData("(Age < 10 OR Age IS NULL) OR City = 'Oslo'", "Age, City", "(2 ranges)")]
    [InlineData("City = 'Oslo' OR (City > 'B' AND Age = 4)", "City, Age", "(2 ranges)")]
    public void A_disjunction_of_indexed_conditions_is_an_index_union(string where, string indexes, string ranges)
    {
        var plan = Assert.Single(_db.Sql.Query($"EXPLAIN SELECT * FROM Indexed WHERE {where}"));
        Assert.Equal("index union", plan["access"].AsString);
        Assert.Equal(indexes, plan["index"].AsString);
        Assert.EndsWith(ranges, plan["condition"].AsString, StringComparison.Ordinal);
        AssertSameAsFullScan(where, "ORDER BY _id");
        AssertSameAsFullScan(where, "ORDER BY Age DESC, _id LIMIT 7");
        Assert.Equal(Count("Plain", where), Count("Indexed", where));
    }

    [Theory]
    [InlineData("Age = 3 OR Email LIKE '%5@x.org'")]
    [InlineData("(Age < 10 OR Age IS NULL) OR (B < 3 OR B IS NULL)")]
    [InlineData("Age = 3 OR City <> 'Oslo'")]
    [InlineData("Age = 3 OR B = 2")]
    public void A_disjunction_with_an_unindexed_side_scans(string where)
    {
        var plan = Assert.Single(_db.Sql.Query($"EXPLAIN SELECT * FROM Indexed WHERE {where}"));
        Assert.Equal("full scan", plan["access"].AsString);
        AssertSameAsFullScan(where, "ORDER BY _id");
    }

    [Fact]
    public void A_union_with_parameters_seeks_their_values()
    {
        var parameters = new SqlParameters().Add("a", 7).Add("c", "Bergen");
        var expected = SqlDatabase.Column(_db, "SELECT _id FROM Plain WHERE Age = @a OR City = @c ORDER BY _id", parameters);
        Assert.Equal(expected, SqlDatabase.Column(_db, "SELECT _id FROM Indexed WHERE Age = @a OR City = @c ORDER BY _id", parameters));
        Assert.NotEmpty(expected);
    }

    [Fact]
    public void A_union_asked_for_an_order_is_sorted()
    {
        var plan = Assert.Single(_db.Sql.Query("EXPLAIN SELECT * FROM Indexed WHERE Age = 1 OR City = 'Oslo' ORDER BY Age"));
        Assert.Equal("sort", plan["sort"].AsString);
        var unordered = Assert.Single(_db.Sql.Query("EXPLAIN SELECT * FROM Indexed WHERE Age = 1 OR City = 'Oslo'"));
        Assert.Equal("none", unordered["sort"].AsString);
    }

    [Theory]
    [InlineData("A = 2 AND B > 5")]
    [InlineData("A = 2 AND B BETWEEN 3 AND 6")]
    [InlineData("A IN (1, 4) AND B <= 2")]
    [InlineData("A = 3 AND (B < 4 OR B IS NULL)")]
    public void A_composite_index_seeks_an_equality_then_a_range(string where)
    {
        var plan = Assert.Single(_db.Sql.Query($"EXPLAIN SELECT * FROM Indexed WHERE {where}"));
        Assert.Equal("index seek", plan["access"].AsString);
        Assert.Equal("AB", plan["index"].AsString);
        Assert.Contains("B ", plan["condition"].AsString, StringComparison.Ordinal);
        AssertSameAsFullScan(where, "ORDER BY _id");
        AssertSameAsFullScan(where, "ORDER BY B DESC, _id DESC");
        Assert.Equal(Count("Plain", where), Count("Indexed", where));
    }

    private void AssertSameAsFullScan(string where, string tail)
    {
        var expected = SqlDatabase.Column(_db, $"SELECT _id FROM Plain WHERE {where} {tail}");
        Assert.Equal(expected, SqlDatabase.Column(_db, $"SELECT _id FROM Indexed WHERE {where} {tail}"));
    }

    private long Count(string collection, string where) => _db.Sql.ExecuteScalar($"SELECT COUNT(*) FROM {collection} WHERE {where}").AsInt64;

    public void Dispose() => _db.Dispose();
}
