using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// Values and leaves at 8 KiB pages: a value cell of up to 4,086 bytes (half a page) stays inline; above,
/// the overflow chain holds whole pages of 8,176 bytes and the leaf cell keeps the part that would only
/// partly fill a last page, when it fits there.
/// </summary>
public sealed class OverflowTailTests
{
    private const int Payload = 8192 - 16;

    private static readonly DocStoreOptions Options = new() { Durability = Durability.Normal };

    private static BsonDocument Document(int id, int bodyLength, int seed)
    {
        var random = new Random(seed);
        var body = new char[bodyLength];
        for (var i = 0; i < body.Length; i++)
        {
            body[i] = (char)('a' + random.Next(26));
        }

        return new BsonDocument { { "_id", id }, { "Body", new string(body) } };
    }

    private static void AssertHolds(DocStoreContext db, BsonCollection items, IReadOnlyList<BsonDocument> expected)
    {
        foreach (var document in expected)
        {
            Assert.Equal(document, items.Get(document["_id"]));
        }

        Assert.Equal(expected.OrderBy(d => d["_id"].AsInt32), items.Scan());
        var report = db.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
    }

    [Fact]
    public void Documents_up_to_about_4_KiB_need_no_overflow_page()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("inline.db"), Options);
        var items = db.GetCollection("items");

        // 1-4 KiB documents, each a leaf cell: their leaves hold two to seven of them.
        var documents = Enumerable.Range(1, 200).Select(i => Document(i, 1000 + (i * 15), i)).ToList();
        items.InsertMany(documents);

        var stats = db.GetStatistics()["items"]!.Documents;
        Assert.Equal(0, stats.OverflowPages);
        Assert.InRange(stats.FillFactor, 0.6, 1.0);
        AssertHolds(db, items, documents);

        // Deletes thin the leaves out and merges gather what is left: still exact, nothing leaked.
        for (var i = 1; i <= 200; i += 3)
        {
            Assert.True(items.Delete(i));
        }

        AssertHolds(db, items, documents.Where(d => d["_id"].AsInt32 % 3 != 1).ToList());
    }

    [Fact]
    public void A_value_a_little_over_a_page_takes_one_overflow_page()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("tails.db"), Options);
        var items = db.GetCollection("items");

        // 50 documents of a page and ~600 bytes: one chain page each, the rest in the leaf. 20 of a page and
        // ~5,000 bytes: the rest does not fit in a cell, so half a shared page takes most of it.
        var documents = Enumerable.Range(1, 50).Select(i => Document(i, Payload + 600 + i, i))
            .Concat(Enumerable.Range(51, 20).Select(i => Document(i, Payload + 5000, i)))
            .ToList();
        items.InsertMany(documents);

        var all = db.GetStatistics();
        var stats = all["items"]!.Documents;
        Assert.Equal(50 + 20, stats.OverflowPages);
        Assert.Equal(20, stats.OverflowHalves);
        Assert.Equal(10, all.OverflowHalvesPages);
        AssertHolds(db, items, documents);
    }

    [Fact]
    public void Values_that_change_form_read_back_exactly_and_give_their_pages_back()
    {
        using var dir = new TempDirectory();
        using var db = DocStoreDatabase.Open(dir.File("forms.db"), Options);
        var items = db.GetCollection("items");

        // Inline, chain and tail, chain alone, two pages and a tail, chain and tail, a large inline cell,
        // small again: every replacement frees the old chain and writes the new one, and leaves nothing leaked.
        int[] lengths = [100, Payload + 500, Payload + 5000, (2 * Payload) + 300, Payload + 1, 3900, 100];
        List<BsonDocument> current = [];
        for (var round = 0; round < lengths.Length; round++)
        {
            current = Enumerable.Range(1, 30).Select(i => Document(i, lengths[round] + i, (round * 100) + i)).ToList();
            if (round == 0)
            {
                items.InsertMany(current);
            }
            else
            {
                foreach (var document in current)
                {
                    Assert.True(items.Update(document));
                }
            }

            AssertHolds(db, items, current);
        }

        // The two-page round's 60 chain pages went back to the free list, less what the 3,900-byte round's
        // leaves took from it; the small documents now fit one leaf.
        var stats = db.GetStatistics();
        Assert.Equal(0, stats["items"]!.Documents.OverflowPages);
        Assert.Equal(1, stats["items"]!.Documents.TotalPages);
        Assert.True(stats.FreePages >= 40, $"{stats.FreePages} free pages after the chains were replaced by inline values");

        for (var i = 1; i <= 30; i++)
        {
            Assert.True(items.Delete(i));
        }

        Assert.Empty(items.Scan());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Compaction_and_a_reopen_keep_chains_with_tails()
    {
        using var dir = new TempDirectory();
        var path = dir.File("compact.db");
        var documents = Enumerable.Range(1, 40).Select(i => Document(i, (i % 3 * Payload) + Payload + (i * 37), i)).ToList();
        using (var db = DocStoreDatabase.Open(path, Options))
        {
            var items = db.GetCollection("items");
            items.InsertMany(documents);
            for (var i = 1; i <= 40; i += 2)
            {
                items.Delete(i);
            }

            db.Compact();
            AssertHolds(db, items, documents.Where(d => d["_id"].AsInt32 % 2 == 0).ToList());
        }

        using (var db = DocStoreDatabase.Open(path, Options))
        {
            AssertHolds(db, db.GetCollection("items"), documents.Where(d => d["_id"].AsInt32 % 2 == 0).ToList());
        }
    }
}
