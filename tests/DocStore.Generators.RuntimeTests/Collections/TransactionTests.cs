using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Explicit transactions span collections, commit or roll back as a whole, and work across await.</summary>
public class TransactionTests
{
    [Fact]
    public void A_transaction_over_two_collections_commits_as_a_whole()
    {
        using var db = AppDb.OpenInMemory();
        using (var tx = db.BeginTransaction())
        {
            db.People.Insert(tx, new Person { Email = "ada@example.org" });
            db.Members.Insert(tx, new Member { Handle = "ada" });

            Assert.Equal(1, db.People.Count(tx));
            Assert.Equal(0, db.People.Count());
            Assert.Null(db.People.FindByEmail("ada@example.org"));
            tx.Commit();
        }

        Assert.NotNull(db.People.FindByEmail("ada@example.org"));
        Assert.NotNull(db.Members.FindByHandle("ada"));
    }

    [Fact]
    public void Disposing_an_uncommitted_transaction_rolls_back_both_collections_and_new_field_names()
    {
        using var db = AppDb.OpenInMemory();
        using (var tx = db.BeginTransaction())
        {
            db.People.Insert(tx, new Person { Email = "ada@example.org" });
            db.Members.Insert(tx, new Member { Handle = "ada", Extra = { ["rolled-back-name"] = 1 } });
        }

        Assert.Equal(0, db.People.Count());
        Assert.Equal(0, db.Members.Count());
        Assert.False(db.Members.Fields.TryGetId("rolled-back-name", out _));
        db.Members.Insert(new Member { Handle = "later", Extra = { ["other"] = 2 } });
        Assert.Equal(2, db.Members.FindByHandle("later")!.Extra["other"]);
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_unique_violation_inside_a_transaction_leaves_the_transaction_usable()
    {
        using var db = AppDb.OpenInMemory();
        using var tx = db.BeginTransaction();
        db.Members.Insert(tx, new Member { Id = 1, Handle = "a" });
        Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(tx, new Member { Id = 2, Handle = "a" }));
        db.Members.Insert(tx, new Member { Id = 3, Handle = "c" });
        tx.Commit();

        Assert.Equal([1, 3], db.Members.Scan().Select(m => m.Id));
    }

    [Fact]
    public async Task A_transaction_works_across_await_and_threads()
    {
        using var temp = new TempDatabase();
        using var db = AppDb.Open(temp.Path, TempDatabase.Options);
        await using (var tx = await db.BeginTransactionAsync())
        {
            db.Members.Insert(tx, new Member { Id = 1, Handle = "before" });
            await Task.Yield();
            await Task.Run(() => db.Members.Insert(tx, new Member { Id = 2, Handle = "after" }));
            await tx.CommitAsync();
        }

        Assert.Equal(2, db.Members.Count());
    }

    [Fact]
    public async Task A_second_writer_waits_for_the_open_transaction()
    {
        using var db = AppDb.OpenInMemory();
        var tx = db.BeginTransaction();
        db.Members.Insert(tx, new Member { Id = 1, Handle = "first" });

        // The asynchronous writer runs synchronously up to its wait for the write lock, so the returned
        // task is the signal: still pending here means it is queued behind the open transaction (a writer
        // that did not wait would have committed in-memory and completed before returning).
        var second = db.Members.InsertAsync(new Member { Id = 2, Handle = "second" });
        Assert.False(second.IsCompleted);
        Assert.Equal(0, db.Members.Count());

        tx.Commit();
        Assert.Equal(2, await second);
        Assert.Equal([1, 2], db.Members.Scan().Select(m => m.Id));
    }

    [Fact]
    public async Task Unique_finds_and_counts_read_inside_a_transaction_passed_first()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "old", Score = 5 });
        using var tx = db.BeginTransaction();
        await db.Members.InsertAsync(tx, new Member { Id = 2, Handle = "new", Score = 5 });
        await db.Members.UpdateAsync(tx, new Member { Id = 1, Handle = "renamed", Score = 5 });
        Assert.Equal(2, db.Members.FindByHandle(tx, "new")!.Id);
        Assert.Equal(2, (await db.Members.FindByHandleAsync(tx, "new"))!.Id);
        Assert.Null(db.Members.FindByHandle(tx, "old"));
        Assert.Null(db.Members.FindByHandle("new"));
        Assert.Equal(1, db.Members.FindByHandle("old")!.Id);
        Assert.Equal(2, db.Members.CountByScore(tx, 5));
        Assert.Equal(2, await db.Members.CountByScoreAsync(tx, 5));
        Assert.Equal(1, db.Members.CountByScore(5));
        Assert.True(await db.Members.ExistsAsync(tx, 2));
        Assert.False(await db.Members.ExistsAsync(2));
        Assert.Equal(2, await db.Members.CountAsync(tx));
        Assert.Equal("renamed", (await db.Members.GetAsync(tx, 1))!.Handle);

        Assert.True(await db.Members.DeleteAsync(tx, 2));
        Assert.Equal(3, await db.Members.UpsertAsync(tx, new Member { Handle = "third" }));
        Assert.Equal(2, (await db.Members.InsertManyAsync(tx, [new Member { Handle = "x" }, new Member { Handle = "y" }])).Count);
        tx.Commit();
        Assert.Equal(["renamed", "third", "x", "y"], db.Members.Scan().Select(m => m.Handle));
    }

    [Fact]
    public void A_reader_keeps_its_snapshot_while_a_writer_commits()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 5).Select(i => new Member { Id = i, Handle = "h" + i }));
        using var scan = db.Members.Scan().GetEnumerator();
        Assert.True(scan.MoveNext());

        db.Members.Delete(3);
        db.Members.Insert(new Member { Id = 6, Handle = "h6" });

        var seen = new List<int> { scan.Current.Id };
        while (scan.MoveNext())
        {
            seen.Add(scan.Current.Id);
        }

        Assert.Equal([1, 2, 3, 4, 5], seen);
        Assert.Equal([1, 2, 4, 5, 6], db.Members.Scan().Select(m => m.Id));
    }

    [Fact]
    public void InsertMany_is_all_or_nothing()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 100, Handle = "dup" });

        Assert.Throws<DuplicateKeyException>(() => db.Members.InsertMany([new Member { Id = 1, Handle = "a" }, new Member { Id = 2, Handle = "dup" }]));

        Assert.Equal(1, db.Members.Count());
        Assert.False(db.Members.Exists(1));
    }

    [Fact]
    public void Index_queries_run_inside_a_transaction_passed_first()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "a", Score = 7 });
        using var tx = db.BeginTransaction();
        db.Members.Insert(tx, new Member { Id = 2, Handle = "b", Score = 7 });
        db.Members.Delete(tx, 1);

        Assert.Equal([2], db.Members.FindByScore(tx, 7).Select(m => m.Id));
        Assert.Equal([1], db.Members.FindByScore(7).Select(m => m.Id));
        Assert.Equal([2], db.Members.Scan(tx).Select(m => m.Id));
        tx.Rollback();
        Assert.Throws<ObjectDisposedException>(() => db.Members.FindByScore(tx, 7));
    }

    [Fact]
    public async Task ScanFrom_reads_inside_the_transaction_passed_first()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "a" });
        using var tx = db.BeginTransaction();
        db.Members.Insert(tx, new Member { Id = 3, Handle = "c" });
        db.Members.Delete(tx, 1);

        Assert.Equal([3], db.Members.ScanFrom(tx, 0).Select(m => m.Id));
        Assert.Equal([3], db.Members.ScanFrom(tx, 5, new QueryOptions { Descending = true }).Select(m => m.Id));
        Assert.Equal([1], db.Members.ScanFrom(0).Select(m => m.Id));
        var found = new List<int>();
        await foreach (var member in db.Members.ScanFromAsync(tx, 0))
        {
            found.Add(member.Id);
        }

        Assert.Equal([3], found);
        Assert.Throws<ArgumentNullException>(() => db.Members.ScanFrom(null!, 0));
    }

    [Fact]
    public void A_committed_transaction_cannot_be_used_again()
    {
        using var db = AppDb.OpenInMemory();
        var tx = db.BeginTransaction();
        tx.Commit();
        Assert.Throws<ObjectDisposedException>(() => db.Members.Insert(tx, new Member { Handle = "x" }));
    }
}
