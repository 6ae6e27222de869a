using DocStore.Storage.Paging;
using DocStore.Storage.Wal;

namespace DocStore.Tests.Storage;

public sealed class WalIndexTests
{
    [Fact]
    public void A_commit_records_its_pages_at_consecutive_lsns()
    {
        var index = new WalIndex();
        index.Add(7, 1);
        index.AddCommitted([new CommitPage(3, [], null), new CommitPage(7, [], null), new CommitPage(2_000, [], null)], 2);

        Assert.Equal(2, index.Resolve(3, 10));
        Assert.Equal(3, index.Resolve(7, 10));
        Assert.Equal(1, index.Resolve(7, 2));
        Assert.Equal(4, index.Resolve(2_000, 10));
        Assert.Equal(0, index.Resolve(2_000, 3));
        Assert.Equal(3, index.PageCount);
    }

    [Fact]
    public void Checkpoint_sets_resolution_and_drops_agree_with_a_model_of_page_versions()
    {
        var random = new Random(4242);
        var index = new WalIndex();
        var model = new SortedDictionary<uint, List<long>>();
        long lsn = 0;
        long dropped = 0;
        for (var step = 0; step < 5_000; step++)
        {
            if (random.Next(10) == 0)
            {
                // A checkpoint up to some LSN the log has reached: versions at or before it leave.
                var limit = random.NextInt64(dropped, lsn + 1);
                Assert.Equal(Expected(model, limit), index.CheckpointSet(limit));
                index.DropUpTo(limit);
                foreach (var versions in model.Values)
                {
                    versions.RemoveAll(v => v <= limit);
                }

                foreach (var empty in model.Where(p => p.Value.Count == 0).Select(p => p.Key).ToList())
                {
                    model.Remove(empty);
                }

                dropped = limit;
            }
            else
            {
                // Writes spread over a wide range of pages, as random index keys do.
                var page = (uint)random.Next(0, 3_000);
                index.Add(page, ++lsn);
                (model.TryGetValue(page, out var versions) ? versions : model[page] = []).Add(lsn);
            }

            Assert.Equal(model.Count, index.PageCount);
            var probe = (uint)random.Next(0, 3_000);
            var snapshot = random.NextInt64(0, lsn + 1);
            var expected = model.TryGetValue(probe, out var list) ? list.LastOrDefault(v => v <= snapshot) : 0;
            Assert.Equal(expected, index.Resolve(probe, snapshot));
        }
    }

    private static List<(uint PageNumber, long Lsn)> Expected(SortedDictionary<uint, List<long>> model, long limit) =>
        [.. model.Select(p => (p.Key, p.Value.LastOrDefault(v => v <= limit))).Where(p => p.Item2 != 0)];
}
