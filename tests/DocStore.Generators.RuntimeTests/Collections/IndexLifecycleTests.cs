using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>At open, declared indexes missing from the catalog are built from the stored documents; undeclared ones are dropped.</summary>
public class IndexLifecycleTests
{
    // MemberModel's generated index order: LastFirst, Tags, HomeCity, Handle, Score.
    private const int Tags = 1;
    private const int Handle = 3;
    private const int Score = 4;

    [Fact]
    public void A_newly_declared_index_is_built_from_existing_documents()
    {
        using var temp = new TempDatabase();
        using (var db = new BareDb(temp.Path))
        {
            var members = new RawCollection<Member, int>(db, new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, Handle));
            members.InsertMany(Enumerable.Range(1, 1500).Select(i => new Member { Id = i, Handle = "h" + i, Score = i % 7, Tags = { "t" + (i % 3) } }));
        }

        using (var db = new BareDb(temp.Path))
        {
            var members = new RawCollection<Member, int>(db, new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, Handle, Score, Tags));
            Assert.Equal(Enumerable.Range(1, 1500).Where(i => i % 7 == 3), members.Equal(1, k => k.Append(3L)).Select(m => m.Id));
            Assert.Equal(500, members.Equal(2, k => k.Append("t1")).Count());
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
            using var tx = db.Engine.BeginRead();
            Assert.Equal(["Handle", "Score", "Tags"], CollectionCatalog.LoadIndexes(tx, "Members").Select(i => i.Definition.Name).Order());
        }
    }

    [Fact]
    public void An_index_no_longer_declared_is_dropped_with_its_tree()
    {
        using var temp = new TempDatabase();
        string scoreTree;
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Members.Insert(new Member { Handle = "a", Score = 1 });
            using var tx = db.Engine.BeginRead();
            scoreTree = CollectionCatalog.LoadIndexes(tx, "Members").Single(i => i.Definition.Name == "Score").Tree;
        }

        using (var db = new BareDb(temp.Path))
        {
            var members = new RawCollection<Member, int>(db, new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, Handle));
            members.Insert(new Member { Handle = "b", Score = 2 });
            using var tx = db.Engine.BeginRead();
            Assert.Equal(["Handle"], CollectionCatalog.LoadIndexes(tx, "Members").Select(i => i.Definition.Name));
            Assert.Null(tx.OpenTree(scoreTree));
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(["a"], db.Members.FindByScore(1).Select(m => m.Handle));
            Assert.Equal(["b"], db.Members.FindByScore(2).Select(m => m.Handle));
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }

    [Fact]
    public void Indexes_dropped_and_then_declared_again_over_stored_documents_leave_a_consistent_database()
    {
        using var temp = new TempDatabase();
        static Member Create(int i) => new()
        {
            Id = i,
            Handle = "h" + i,
            Score = i % 9,
            Last = "L" + (i % 4),
            First = "F" + (i % 3),
            Home = new Home { City = "C" + (i % 5) },
            Tags = ["t" + (i % 2), "t" + (i % 6)],
        };

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Members.InsertMany(Enumerable.Range(1, 1200).Select(Create));
        }

        var live = Enumerable.Range(1, 1200).Where(i => i % 10 != 0).ToList();
        using (var db = new BareDb(temp.Path))
        {
            string[] dropped;
            using (var tx = db.Engine.BeginRead())
            {
                dropped = [.. CollectionCatalog.LoadIndexes(tx, "Members").Where(i => i.Definition.Name is not ("Handle" or "Score")).Select(i => i.Tree)];
            }

            var members = new RawCollection<Member, int>(db, new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, Handle, Score));
            using (var tx = db.Engine.BeginRead())
            {
                Assert.Equal(["Handle", "Score"], CollectionCatalog.LoadIndexes(tx, "Members").Select(i => i.Definition.Name).Order());
                Assert.Equal(3, dropped.Length);
                Assert.All(dropped, tree => Assert.Null(tx.OpenTree(tree)));
            }

            // Writes while the other indexes are gone: deletes and updates that would move their entries.
            foreach (var id in Enumerable.Range(1, 1200).Where(i => i % 10 == 0))
            {
                Assert.True(members.Delete(id));
            }

            foreach (var id in live.Where(i => i % 7 == 0))
            {
                var member = Create(id);
                member.Home.City = "Moved";
                member.Tags = ["moved"];
                Assert.True(members.Update(member));
            }

            Assert.Equal(live.Where(i => i % 9 == 4), members.Equal(1, k => k.Append(4L)).Select(m => m.Id));
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
            Assert.Equal(live.Where(i => i % 7 == 0), db.Members.FindByHomeCity("Moved").Select(m => m.Id));
            Assert.Equal(live.Where(i => i % 7 != 0 && i % 5 == 2), db.Members.FindByHomeCity("C2").Select(m => m.Id));
            Assert.Equal(live.Where(i => i % 7 != 0 && (i % 2 == 1 || i % 6 == 1)), db.Members.FindByTags("t1").Select(m => m.Id));
            Assert.Equal(live.Where(i => i % 4 == 1 && i % 3 == 2), db.Members.FindByLastFirst("L1", "F2").Select(m => m.Id));
            Assert.Equal(live.Count, db.Members.Count());
        }
    }

    [Fact]
    public void A_collection_opened_twice_shares_one_state()
    {
        // Two objects over one collection share its trees and caches (as contexts sharing a file do), so a
        // write through one is what the other reads, and the integrity check sees one set of indexes.
        using var db = AppDb.OpenInMemory();
        var second = new RawCollection<Member, int>(db, MemberCollection.DocumentModel);
        db.Members.Insert(new Member { Id = 7, Last = "L", First = "F" });
        Assert.Equal("L", second.Get(7)!.Last);
        second.Delete(7);
        Assert.Null(db.Members.Get(7));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_new_unique_index_over_duplicate_values_fails_the_open_and_changes_nothing()
    {
        using var temp = new TempDatabase();
        using (var db = new BareDb(temp.Path))
        {
            var members = new RawCollection<Member, int>(db, new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, Score));
            members.Insert(new Member { Id = 1, Handle = "same", Score = 1 });
            members.Insert(new Member { Id = 2, Handle = "same", Score = 2 });
        }

        var e = Assert.Throws<DuplicateKeyException>(() => AppDb.Open(temp.Path, TempDatabase.Options));
        Assert.Equal("Handle", e.Index);

        using (var db = new BareDb(temp.Path))
        {
            using var tx = db.Engine.BeginRead();
            Assert.Equal(["Score"], CollectionCatalog.LoadIndexes(tx, "Members").Select(i => i.Definition.Name));
        }
    }
}
