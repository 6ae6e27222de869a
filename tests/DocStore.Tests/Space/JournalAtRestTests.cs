using DocStore.Bson.Model;
using DocStore.Storage;
using DocStore.Tests.Support;
using Microsoft.Extensions.Time.Testing;

namespace DocStore.Tests.Space;

/// <summary>A database whose writers have stopped ends up as its file alone, even when readers kept the first try from emptying the journal.</summary>
public sealed class JournalAtRestTests
{
    // The engine checkpoints once commits have paused this long (CheckpointScheduler).
    private static readonly TimeSpan IdleDelay = TimeSpan.FromSeconds(1);

    [Fact]
    public void An_idle_checkpoint_held_off_by_a_reader_tries_again_once_it_leaves()
    {
        // The engine's clock is moved by hand: its idle timer fires inside Advance, on this thread, and starts
        // the checkpoint in the background, which WaitForBackgroundCheckpoint then waits for.
        var clock = new FakeTimeProvider();
        using var dir = new TempDirectory();
        var path = dir.File("rest.db");
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { Durability = Durability.Normal, TimeProvider = clock });
        var items = db.GetCollection("items");
        for (var i = 1; i <= 200; i++)
        {
            items.Insert(new BsonDocument { { "_id", i }, { "Body", new string('r', 300) } });
        }

        // A checkpoint the commits started (past AutoCheckpointFrames) ends first, so the timer finds none running.
        db.Engine.WaitForBackgroundCheckpoint();
        Assert.True(WalLength(path) > 32, "the commits left no journal to empty");

        // A reader of the last commit's snapshot, open across the idle checkpoint.
        using (var reader = db.Engine.BeginRead())
        {
            Assert.False(IdleCheckpointRan(clock, db, IdleDelay - TimeSpan.FromTicks(1)), "the idle checkpoint ran before commits had paused for its delay");
            Assert.True(IdleCheckpointRan(clock, db, TimeSpan.FromTicks(1)), "the idle checkpoint did not run once commits had paused");
            Assert.True(WalLength(path) > 32, "the reader did not hold the journal");
        }

        // The held-off checkpoint set the timer again: once another pause has passed, it empties the journal.
        Assert.True(IdleCheckpointRan(clock, db, IdleDelay), "the idle checkpoint did not try again");
        Assert.True(WalLength(path) <= 32, $"the WAL is still {WalLength(path)} bytes");
        Assert.Equal(200, items.Count());
    }

    // Moves the clock on by step; true when that fired the idle timer, which then ran a checkpoint to its end.
    private static bool IdleCheckpointRan(FakeTimeProvider clock, DocStoreDatabase db, TimeSpan step)
    {
        var before = db.Engine.WaitForBackgroundCheckpointAsync();
        clock.Advance(step);
        var after = db.Engine.WaitForBackgroundCheckpointAsync();
        HangGuard.Wait(after, "the idle checkpoint's end");
        return !ReferenceEquals(before, after);
    }

    private static long WalLength(string path) => new FileInfo(path + "-wal").Length;
}
