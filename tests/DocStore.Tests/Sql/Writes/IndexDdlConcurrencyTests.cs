using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Sql.Writes;

/// <summary>Index statements committing while other threads write and read through handles taken before them.</summary>
public sealed class IndexDdlConcurrencyTests
{
    [Fact]
    public async Task Writers_and_readers_on_other_threads_keep_every_index_whole_while_indexes_come_and_go()
    {
        // DOCSTORE_DDL_ROUNDS raises the number of create/drop rounds for a longer soak.
        var rounds = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_DDL_ROUNDS"), out var n) ? n : 8;
        using var db = DocStoreDatabase.OpenInMemory();
        var notes = db.GetCollection("Notes");
        notes.Insert(new BsonDocument { { "_id", 0 }, { "Tag", "t0" }, { "N", 0 } });
        using var stop = new CancellationTokenSource();
        long inserted = 0, readRounds = 0;
        var writers = Enumerable.Range(1, 2).Select(w => Task.Run(() =>
        {
            for (var id = w * 1_000_000; !stop.IsCancellationRequested; id++)
            {
                notes.Insert(new BsonDocument { { "_id", id }, { "Tag", $"t{id % 7}" }, { "N", id % 13 } });
                Interlocked.Increment(ref inserted);
                if (id % 3 == 0)
                {
                    notes.Delete(id - 1);
                }
            }
        })).ToArray();
        var reader = Task.Run(() =>
        {
            var reads = 0;
            while (!stop.IsCancellationRequested)
            {
                Assert.True(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM Notes WHERE Tag = 't1'").AsInt64 >= 0);
                try
                {
                    reads += notes.Find("ByTag", "t1").Count();
                }
                catch (ArgumentException)
                {
                    // The index is dropped at the moment: the handle says so by name.
                }
                catch (InvalidOperationException e) when (e.Message.Contains("was dropped while this query was being set up", StringComparison.Ordinal))
                {
                    // It was dropped between the lookup of its name and the start of the walk.
                }

                Interlocked.Increment(ref readRounds);
            }

            return reads;
        });

        for (var i = 0; i < rounds; i++)
        {
            db.Sql.Execute("CREATE INDEX ByTag ON Notes (Tag)");
            db.Sql.Execute("CREATE INDEX ByNTag ON Notes (N, Tag)");
            db.Sql.Execute("DROP INDEX Notes.ByTag");
            db.Sql.Execute("DROP INDEX Notes.ByNTag");
        }

        db.Sql.Execute("CREATE INDEX ByTag ON Notes (Tag)");

        // The writers and the reader go on against the last index for a while: counted in their work.
        var (insertedThen, readThen) = (Interlocked.Read(ref inserted), Interlocked.Read(ref readRounds));
        await HangGuard.UntilAsync(
            () => Interlocked.Read(ref inserted) >= insertedThen + 100 && Interlocked.Read(ref readRounds) >= readThen + 3
                || writers.Any(w => w.IsCompleted) || reader.IsCompleted,
            "writes and reads after the last CREATE INDEX");
        await stop.CancelAsync();
        await Task.WhenAll(writers);
        await reader;

        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        var scanned = notes.FindAll().LongCount(d => d["Tag"].AsString == "t1");
        Assert.Equal(scanned, db.Sql.ExecuteScalar("SELECT COUNT(*) FROM Notes WHERE Tag = 't1'").AsInt64);
        Assert.Equal(scanned, notes.CountBy("ByTag", "t1"));
    }
}
