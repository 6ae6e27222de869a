using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// An update changes only the index entries whose key changed. Observed from outside the collection, two
/// ways: each index tree's raw entries before and after (read through the engine), and the number of pages
/// the update commits (the engine gives every committed page its own LSN, so a snapshot's LSN grows by
/// that number), compared with the same update in a database whose model declares only the index that
/// should change, or none: equal counts mean no page of any other index tree was written, not even to
/// delete and re-insert an unchanged entry.
/// </summary>
public class UpdateIndexEntryTests
{
    // MemberModel's generated index order: LastFirst, Tags, HomeCity, Handle, Score.
    private const int LastFirst = 0;
    private const int Tags = 1;
    private const int HomeCity = 2;
    private const int Handle = 3;
    private const int Score = 4;

    private const int Id = 7;

    // Small pages, so every tree spans several pages and "which pages" is a real question.
    private static readonly DocStoreOptions SmallPages = new() { PageSize = 1024, Durability = Durability.Normal };

    private static Member Create(int i) => new()
    {
        Id = i,
        Handle = "h" + i,
        Score = i % 7,
        Last = "L" + (i % 4),
        First = "F" + (i % 3),
        Home = new Home { City = "C" + (i % 5) },
        Tags = ["t" + (i % 3), "t" + (i % 5)],
        Extra = { ["n"] = i },
    };

    [Fact]
    public void Updating_a_non_indexed_field_changes_no_index_entry_and_writes_no_index_page()
    {
        using var full = Seeded(MemberCollection.DocumentModel);
        using var bare = Seeded(new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel));
        var before = IndexTrees.Entries(full.Db, "Members");
        var changed = Create(Id);
        changed.Extra["n"] = -1;

        var pages = PagesCommitted(full, changed);

        Assert.Equal(-1, full.Members.Get(Id)!.Extra["n"]);
        var after = IndexTrees.Entries(full.Db, "Members");
        Assert.Equal(5, after.Count);
        Assert.All(before, index => Assert.Equal(index.Value, after[index.Key]));
        Assert.Equal(PagesCommitted(bare, changed), pages);
    }

    [Theory]
    [InlineData(LastFirst)]
    [InlineData(Tags)]
    [InlineData(HomeCity)]
    [InlineData(Handle)]
    [InlineData(Score)]
    public void Changing_one_indexed_field_changes_only_that_index_entry_and_pages(int index)
    {
        using var full = Seeded(MemberCollection.DocumentModel);
        using var only = Seeded(new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, index));
        var name = MemberCollection.DocumentModel.Indexes[index].Name;
        var before = IndexTrees.Entries(full.Db, "Members");
        var changed = Create(Id);
        switch (index)
        {
            case LastFirst: changed.First = "Z"; break;

            // The first element keeps its entry; only the second one's entry moves.
            case Tags: changed.Tags = [changed.Tags[0], "moved"]; break;
            case HomeCity: changed.Home.City = "Elsewhere"; break;
            case Handle: changed.Handle = "renamed"; break;
            case Score: changed.Score = 99; break;
        }

        var pages = PagesCommitted(full, changed);

        var after = IndexTrees.Entries(full.Db, "Members");
        Assert.All(before.Where(i => i.Key != name), other => Assert.Equal(other.Value, after[other.Key]));
        Assert.Single(before[name].Except(after[name]));
        Assert.Single(after[name].Except(before[name]));
        Assert.Equal(before[name].Count, after[name].Count);
        Assert.Equal(PagesCommitted(only, changed), pages);
    }

    private static Store Seeded(ICollectionModel<Member, int> model)
    {
        var db = new BareDb(DocStoreContext.InMemoryPath, SmallPages);
        var members = new RawCollection<Member, int>(db, model);
        members.InsertMany(Enumerable.Range(1, 400).Select(Create));
        return new Store(db, members);
    }

    /// <summary>Updates <paramref name="member"/> and returns how many pages that commit wrote.</summary>
    private static long PagesCommitted(Store store, Member member)
    {
        var before = SnapshotLsn(store.Db);
        Assert.True(store.Members.Update(member));
        return SnapshotLsn(store.Db) - before;
    }

    private static long SnapshotLsn(DocStoreContext db)
    {
        using var tx = db.Engine.BeginRead();
        return tx.SnapshotLsn;
    }

    private sealed record Store(BareDb Db, RawCollection<Member, int> Members) : IDisposable
    {
        public void Dispose() => Db.Dispose();
    }
}
