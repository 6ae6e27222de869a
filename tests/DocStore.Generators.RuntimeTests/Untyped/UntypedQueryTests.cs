using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>
/// Seeded random inserts, updates and deletes of documents against an in-memory list: after every batch the
/// untyped index queries (equality, range, prefix, multikey, path, composite and its prefix, unique, counts,
/// paging in both directions) return exactly what LINQ-to-objects returns on the list, in the same order.
/// </summary>
public class UntypedQueryTests
{
    private const int Operations = 3_000;
    private const int BatchSize = 300;
    private static readonly string[] Lasts = ["Ada", "Babbage", "Curie", "Dijkstra"];
    private static readonly string[] Firsts = ["al", "bo", "cy"];
    private static readonly string[] Tags = ["a", "b", "c", "d", "e"];
    private static readonly string[] Cities = ["London", "Lisbon", "Paris", "Rome"];

    private sealed record Row(int Id, string Handle, int Score, string Last, string First, string? City, string[] Tags);

    [Theory]
    [InlineData(7)]
    [InlineData(8)]
    public void Random_operations_agree_with_a_list_model(int seed)
    {
        var random = new Random(seed);
        var model = new Dictionary<int, Row>();
        using var db = DocStoreDatabase.OpenInMemory();
        var rows = db.GetCollection(
            "rows",
            IndexDefinition.UniqueOn("Handle"),
            IndexDefinition.On("Score"),
            IndexDefinition.On("Last", "First"),
            IndexDefinition.On("Home.City"),
            IndexDefinition.On("Tags[]"));
        for (var done = 0; done < Operations; done += BatchSize)
        {
            for (var i = 0; i < BatchSize; i++)
            {
                Apply(rows, model, random);
            }

            Verify(rows, model, random);
        }

        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        Assert.InRange(model.Count, 100, Operations);
    }

    private static void Apply(BsonCollection rows, Dictionary<int, Row> model, Random random)
    {
        var id = random.Next(1, 400);
        var row = new Row(
            id,
            "h" + random.Next(600),
            random.Next(50),
            Lasts[random.Next(Lasts.Length)],
            Firsts[random.Next(Firsts.Length)],
            random.Next(6) == 0 ? null : Cities[random.Next(Cities.Length)],
            [.. Enumerable.Range(0, random.Next(4)).Select(_ => Tags[random.Next(Tags.Length)])]);
        var handleTaken = model.Values.Any(r => r.Handle == row.Handle && r.Id != id);
        switch (random.Next(4))
        {
            case 0 or 1:
                if (handleTaken)
                {
                    Assert.Throws<DuplicateKeyException>(() => rows.Upsert(ToDocument(row)));
                }
                else
                {
                    rows.Upsert(ToDocument(row));
                    model[id] = row;
                }

                break;
            case 2:
                Assert.Equal(model.Remove(id), rows.Delete(id));
                break;
            default:
                if (!model.ContainsKey(id) || handleTaken)
                {
                    return;
                }

                Assert.True(rows.Update(ToDocument(row)));
                model[id] = row;
                break;
        }
    }

    private static BsonDocument ToDocument(Row row)
    {
        var document = new BsonDocument { { "_id", row.Id }, { "Handle", row.Handle }, { "Score", row.Score }, { "Last", row.Last }, { "First", row.First } };
        if (row.City is not null)
        {
            document.Add("Home", new BsonDocument { { "City", row.City } });
        }

        document.Add("Tags", new BsonArray(row.Tags.Select(t => (BsonValue)t)));
        return document;
    }

    private static int[] Ids(IEnumerable<BsonDocument> documents) => [.. documents.Select(d => d["_id"].AsInt32)];

    private static void Verify(BsonCollection rows, Dictionary<int, Row> model, Random random)
    {
        var all = model.Values.OrderBy(r => r.Id).ToList();
        Assert.Equal(all.Select(r => r.Id), Ids(rows.Scan()));
        Assert.Equal(all.Count, rows.Count());
        foreach (var row in all.Take(20))
        {
            Assert.Equal(row.Id, rows.FindOne("Handle", row.Handle)!["_id"].AsInt32);
        }

        Assert.Null(rows.FindOne("Handle", "absent"));

        var score = random.Next(50);
        Assert.Equal(all.Where(r => r.Score == score).Select(r => r.Id), Ids(rows.Find("Score", score)));
        Assert.Equal(all.Count(r => r.Score == score), rows.CountBy("Score", score));

        var (low, high) = (random.Next(50), random.Next(50));
        (low, high) = (Math.Min(low, high), Math.Max(low, high));
        var inRange = all.Where(r => r.Score >= low && r.Score <= high).OrderBy(r => r.Score).ThenBy(r => r.Id).Select(r => r.Id).ToList();
        Assert.Equal(inRange, Ids(rows.FindRange("Score", low, high)));
        Assert.Equal(Enumerable.Reverse(inRange), Ids(rows.FindRange("Score", low, high, new QueryOptions { Descending = true })));
        var options = new QueryOptions { Take = 7 };
        var paged = new List<int>();
        while (true)
        {
            var page = rows.FindRange("Score", low, high, options).ToPage();
            paged.AddRange(Ids(page.Items));
            if (!page.HasMore)
            {
                break;
            }

            options = options with { After = page.Continuation };
        }

        Assert.Equal(inRange, paged);
        Assert.Equal(inRange.Skip(3).Take(5), Ids(rows.FindRange("Score", low, high, new QueryOptions { Skip = 3, Take = 5 })));

        var last = Lasts[random.Next(Lasts.Length)];
        var first = Firsts[random.Next(Firsts.Length)];
        Assert.Equal(all.Where(r => r.Last == last && r.First == first).Select(r => r.Id), Ids(rows.Find("LastFirst", [last, first])));
        Assert.Equal(all.Where(r => r.Last == last).OrderBy(r => r.First, StringComparer.Ordinal).ThenBy(r => r.Id).Select(r => r.Id), Ids(rows.Find("LastFirst", [last])));
        Assert.Equal(all.Count(r => r.Last == last && r.First == first), rows.CountBy("LastFirst", [last, first]));

        var city = Cities[random.Next(Cities.Length)];
        Assert.Equal(all.Where(r => r.City == city).Select(r => r.Id), Ids(rows.Find("Home.City", city)));
        Assert.Equal(all.Where(r => r.City is null).Select(r => r.Id), Ids(rows.Find("HomeCity", BsonNull.Value)));
        Assert.Equal(
            all.Where(r => r.City is not null && r.City.StartsWith('L')).OrderBy(r => r.City, StringComparer.Ordinal).ThenBy(r => r.Id).Select(r => r.Id),
            Ids(rows.FindPrefix("Home.City", "L")));

        var tag = Tags[random.Next(Tags.Length)];
        Assert.Equal(all.Where(r => r.Tags.Contains(tag)).Select(r => r.Id), Ids(rows.Find("Tags[]", tag)));
        Assert.Equal(all.Count(r => r.Tags.Contains(tag)), rows.CountBy("Tags", tag));
        var (fromTag, toTag) = ("b", "d");
        var byTag = all
            .Select(r => (Row: r, Tag: r.Tags.Where(t => string.CompareOrdinal(t, fromTag) >= 0 && string.CompareOrdinal(t, toTag) <= 0).Order(StringComparer.Ordinal).FirstOrDefault()))
            .Where(x => x.Tag is not null)
            .OrderBy(x => x.Tag, StringComparer.Ordinal)
            .ThenBy(x => x.Row.Id)
            .Select(x => x.Row.Id);
        Assert.Equal(byTag, Ids(rows.FindRange("Tags", fromTag, toTag)));
    }
}
