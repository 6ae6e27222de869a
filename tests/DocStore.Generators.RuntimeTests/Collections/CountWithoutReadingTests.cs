using DocStore.Bson;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// <c>Count</c> and every <c>CountBy…</c> answer from keys alone: after every stored document's bytes are
/// replaced with bytes that are not C-BSON (written straight into the primary tree through the engine,
/// keys and index entries untouched), the counts are unchanged, while anything that reads a document fails.
/// </summary>
public class CountWithoutReadingTests
{
    private static readonly byte[] NotADocument = [0xFF, 0xFF, 0xFF, 0x7F, 0x00];

    [Fact]
    public async Task Counts_by_collection_and_by_every_index_kind_answer_when_no_document_can_be_read()
    {
        using var db = AppDb.OpenInMemory();
        var members = Enumerable.Range(1, 90).Select(i => new Member
        {
            Id = i,
            Handle = "h" + i,
            Score = i % 7,
            Last = i % 2 == 0 ? "Ada" : "Curie",
            First = "f" + (i % 3),
            Home = new Home { City = i % 4 == 0 ? "Paris" : "Rome" },
            Tags = ["t" + (i % 3), "t" + (i % 5)],
        }).ToList();
        db.Members.InsertMany(members);
        long[] expected =
        [
            members.Count,
            members.Count(m => m.Score == 3),
            members.Count(m => m.Handle == "h7"),
            0,
            members.Count(m => m.Home.City == "Paris"),
            members.Count(m => m.Last == "Ada" && m.First == "f1"),
            members.Count(m => m.Tags.Contains("t1")),
            members.Count(m => m.Tags.Contains("t0")),
        ];
        Assert.Equal(expected, Counts(db));

        ReplaceEveryDocument(db);

        Assert.Throws<BsonFormatException>(() => db.Members.Get(5));
        Assert.Throws<BsonFormatException>(() => db.Members.FindByScore(3).ToList());
        Assert.True(db.Members.Exists(5));
        Assert.Equal(expected, Counts(db));
        Assert.Equal(90, await db.Members.CountAsync());
        Assert.Equal(expected[6], await db.Members.CountByTagsAsync("t1"));
        using var tx = db.BeginTransaction();
        Assert.Equal(expected[1], db.Members.CountByScore(tx, 3));
        Assert.Equal(expected[0], db.Members.Count(tx));
    }

    /// <summary>The collection count, then one count per index kind: non-unique, unique (present, absent), path, composite, multikey (two elements).</summary>
    private static long[] Counts(AppDb db) =>
    [
        db.Members.Count(),
        db.Members.CountByScore(3),
        db.Members.CountByHandle("h7"),
        db.Members.CountByHandle("absent"),
        db.Members.CountByHomeCity("Paris"),
        db.Members.CountByLastFirst("Ada", "f1"),
        db.Members.CountByTags("t1"),
        db.Members.CountByTags("t0"),
    ];

    private static void ReplaceEveryDocument(AppDb db)
    {
        using var tx = db.Engine.BeginWrite();
        var primary = tx.OpenTree(CollectionCatalog.FindCollection(tx, "Members")!.PrimaryTree)!;
        var keys = new List<byte[]>();
        var cursor = primary.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            keys.Add(cursor.Key.ToArray());
        }

        foreach (var key in keys)
        {
            primary.Put(key, NotADocument);
        }

        tx.Commit();
    }
}
