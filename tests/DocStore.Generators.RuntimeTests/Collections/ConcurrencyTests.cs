using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Concurrent writers are serialized, readers see consistent snapshots, and new field names reach readers with the documents.</summary>
public class ConcurrencyTests
{
    [Fact]
    public async Task Concurrent_writers_and_readers_keep_documents_and_indexes_consistent()
    {
        using var db = AppDb.OpenInMemory();
        using var stop = new CancellationTokenSource();
        var reader = Task.Run(() =>
        {
            var scans = 0;
            do
            {
                // Every document a snapshot shows must be readable with every field name it uses.
                foreach (var member in db.Members.Scan())
                {
                    Assert.Equal(member.Id, member.Extra["w" + (member.Id / 1000)]);
                }

                scans++;
            }
            while (!stop.IsCancellationRequested);

            return scans;
        });

        var writers = Enumerable.Range(1, 4).Select(w => Task.Run(async () =>
        {
            for (var i = 0; i < 150; i++)
            {
                var id = (w * 1000) + i;
                await db.Members.InsertAsync(new Member { Id = id, Handle = $"w{w}-{i}", Score = i % 5, Extra = { ["w" + w] = id } });
            }
        })).ToArray();

        await Task.WhenAll(writers);
        await stop.CancelAsync();
        Assert.True(await reader > 0, "the reader never finished a scan");

        Assert.Equal(600, db.Members.Count());
        Assert.Equal(120, db.Members.CountByScore(3));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }
}
