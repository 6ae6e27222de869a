using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// Point reads, deletes and writes encode keys and serialize documents in per-thread buffers that the
/// next operation reuses (and that a document over 256 KiB replaces). Operations of very different
/// sizes in a row on one thread must each store and find exactly their own bytes.
/// </summary>
public class BufferReuseTests
{
    private static readonly int[] PayloadSizes = [300_000, 10, 70_000, 0, 1_000_000, 5, 2_000];

    private static Blob Create(int i, int size) => new()
    {
        // Long and short keys and index values alternate, so a stale tail of a longer one would show.
        Name = new string((char)('a' + i), 1 + (i * 397 % 1500)),
        Label = "l" + new string('x', (PayloadSizes.Length - i) * 40),
        Payload = [.. Enumerable.Range(0, size).Select(b => (byte)(b + i))],
    };

    [Fact]
    public void Consecutive_operations_of_very_different_sizes_each_see_only_their_own_bytes()
    {
        using var db = AppDb.OpenInMemory();
        var blobs = PayloadSizes.Select((size, i) => Create(i, size)).ToList();
        foreach (var blob in blobs)
        {
            db.Blobs.Insert(blob);
        }

        foreach (var blob in blobs)
        {
            Assert.Equal(blob.Payload, db.Blobs.Get(blob.Name)!.Payload);
            Assert.True(db.Blobs.Exists(blob.Name));
            Assert.Equal([blob.Name], db.Blobs.FindByLabel(blob.Label).Select(b => b.Name));
        }

        // Updates give each key the payload size of its mirror image, and move half the labels.
        var updated = blobs.Select((blob, i) => Create(i, PayloadSizes[^(i + 1)])).ToList();
        foreach (var (blob, i) in updated.Select((b, i) => (b, i)))
        {
            if (i % 2 == 0)
            {
                blob.Label += "-moved";
            }

            Assert.True(db.Blobs.Update(blob));
        }

        foreach (var blob in updated.Where((_, i) => i % 3 == 0))
        {
            Assert.True(db.Blobs.Delete(blob.Name));
        }

        foreach (var (blob, i) in updated.Select((b, i) => (b, i)))
        {
            var deleted = i % 3 == 0;
            Assert.Equal(!deleted, db.Blobs.Exists(blob.Name));
            Assert.Equal(deleted ? null : blob.Payload, db.Blobs.Get(blob.Name)?.Payload);
            Assert.Equal(deleted ? [] : [blob.Name], db.Blobs.FindByLabel(blob.Label).Select(b => b.Name));
            Assert.Empty(db.Blobs.FindByLabel(blobs[i].Label + (i % 2 == 0 ? string.Empty : "-moved")));
        }

        var report = db.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
    }

    [Fact]
    public void Index_queries_made_while_another_query_is_enumerated_each_use_their_own_key()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 60).Select(i => new Member { Id = i, Handle = "h" + i, Score = i % 4, Tags = ["t" + (i % 5)] }));

        // The outer lazy query keeps its key while unique lookups and counts build theirs on the same thread.
        var seen = new List<int>();
        foreach (var member in db.Members.FindByScore(2))
        {
            Assert.Equal(member.Id, db.Members.FindByHandle("h" + member.Id)!.Id);
            Assert.Equal(12, db.Members.CountByTags("t" + (member.Id % 5)));
            Assert.Null(db.Members.FindByHandle("missing" + member.Id));
            seen.Add(member.Id);
        }

        Assert.Equal(Enumerable.Range(1, 60).Where(i => i % 4 == 2), seen);
    }
}
