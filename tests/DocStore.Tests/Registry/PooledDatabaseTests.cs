using DocStore.Bson.Model;
using DocStore.Tests.Support;
using Microsoft.Extensions.Time.Testing;

namespace DocStore.Tests.Registry;

/// <summary>
/// The idle close of pooled databases, on a clock the test moves: the timer fires when the clock passes
/// the timeout, never before, and a reuse in between starts it again.
/// </summary>
public sealed class PooledDatabaseTests
{
    private static readonly TimeSpan Idle = TimeSpan.FromSeconds(5);

    [Fact]
    public void An_idle_pooled_database_closes_when_the_clock_passes_the_timeout_and_frees_the_file()
    {
        using var dir = new TempDirectory();
        var path = dir.File("idle.db");
        var clock = new FakeTimeProvider();
        var options = new DocStoreOptions { TimeProvider = clock };
        var pooled = PooledDatabase.Acquire(path, options, "k", Idle);
        var database = pooled.Database;
        database.GetCollection("Notes").Insert(Note("a"));
        pooled.Release();

        clock.Advance(Idle - TimeSpan.FromSeconds(1));
        Assert.False(database.IsDisposed);
        Assert.Same(database, Reuse(path, options));

        // The reuse started the wait again: one second more is not enough.
        clock.Advance(TimeSpan.FromSeconds(1));
        Assert.False(database.IsDisposed);
        clock.Advance(Idle);
        Assert.True(database.IsDisposed);

        using var reader = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true });
        Assert.Equal(1L, reader.GetCollection("Notes").Count());
    }

    [Fact]
    public void A_database_in_use_is_not_closed_by_the_clock_and_a_cleared_one_closes_on_its_last_release()
    {
        using var dir = new TempDirectory();
        var path = dir.File("busy.db");
        var clock = new FakeTimeProvider();
        var options = new DocStoreOptions { TimeProvider = clock };
        var first = PooledDatabase.Acquire(path, options, "k", Idle);
        var second = PooledDatabase.Acquire(path, options, "k", Idle);
        Assert.Same(first, second);
        first.Release();
        clock.Advance(Idle * 3);
        Assert.False(first.Database.IsDisposed);

        PooledDatabase.Clear(path, null);
        Assert.False(first.Database.IsDisposed);

        // Out of the pool: the next opener gets a database object of its own, on the same engine.
        var third = PooledDatabase.Acquire(path, options, "k", Idle);
        Assert.NotSame(first.Database, third.Database);
        second.Release();
        Assert.True(first.Database.IsDisposed);
        third.Database.GetCollection("Notes").Insert(Note("b"));
        third.Release();
        PooledDatabase.Clear(null, null);
        Assert.True(third.Database.IsDisposed);
    }

    [Fact]
    public void Openers_with_different_pool_keys_share_the_engine_but_not_the_database_object()
    {
        using var dir = new TempDirectory();
        var path = dir.File("keys.db");
        var options = new DocStoreOptions { TimeProvider = new FakeTimeProvider() };
        var one = PooledDatabase.Acquire(path, options, "one", Timeout.InfiniteTimeSpan);
        var two = PooledDatabase.Acquire(path, options, "two", Timeout.InfiniteTimeSpan);
        Assert.NotSame(one.Database, two.Database);
        one.Database.GetCollection("Notes").Insert(Note("c"));
        Assert.Equal(1L, two.Database.GetCollection("Notes").Count());
        one.Release();
        two.Release();

        // No timer closes an infinite wait; clearing one key leaves the other.
        PooledDatabase.Clear(path, "one");
        Assert.True(one.Database.IsDisposed);
        Assert.False(two.Database.IsDisposed);
        PooledDatabase.Clear(path, "two");
        Assert.True(two.Database.IsDisposed);
    }

    private static DocStoreDatabase Reuse(string path, DocStoreOptions options)
    {
        var again = PooledDatabase.Acquire(path, options, "k", Idle);
        again.Release();
        return again.Database;
    }

    private static BsonDocument Note(string text)
    {
        var note = new BsonDocument();
        note.Add("Text", text);
        return note;
    }
}
