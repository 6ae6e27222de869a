using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A unique violation names collection, index and value, and its transaction leaves nothing behind.</summary>
public class UniqueIndexTests
{
    [Fact]
    public void A_duplicate_unique_value_names_the_collection_the_index_and_the_value()
    {
        using var db = AppDb.OpenInMemory();
        db.People.Insert(new Person { Email = "ada@example.org" });

        var e = Assert.Throws<DuplicateKeyException>(() => db.People.Insert(new Person { Email = "ada@example.org" }));

        Assert.Equal("People", e.Collection);
        Assert.Equal("Email", e.Index);
        Assert.Equal("\"ada@example.org\"", e.Value);
        Assert.Contains("ada@example.org", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_failed_insert_leaves_no_document_no_index_entry_and_no_new_field_name()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Handle = "taken", Score = 1 });
        var countBefore = db.Members.Fields.Count;

        Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(new Member
        {
            Id = 50,
            Handle = "taken",
            Score = 99,
            Last = "Lovelace",
            First = "Ada",
            Tags = { "never" },
            Home = new() { City = "Nowhere" },
            Extra = { ["brand-new-name"] = 1 },
        }));

        Assert.False(db.Members.Exists(50));
        Assert.Equal(1, db.Members.Count());
        Assert.Empty(db.Members.FindByScore(99));
        Assert.Empty(db.Members.FindByTags("never"));
        Assert.Empty(db.Members.FindByHomeCity("Nowhere"));
        Assert.Empty(db.Members.FindByLast("Lovelace"));
        Assert.False(db.Members.Fields.TryGetId("brand-new-name", out _));
        Assert.Equal(countBefore, db.Members.Fields.Count);
        using (var tx = db.Engine.BeginRead())
        {
            Assert.DoesNotContain(Catalog.CollectionCatalog.LoadFields(tx, "Members"), f => f.Name == "brand-new-name");
        }

        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_failed_update_keeps_the_old_document_and_its_entries()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "one", Score = 10, Tags = { "x" } });
        db.Members.Insert(new Member { Id = 2, Handle = "two", Score = 20 });

        Assert.Throws<DuplicateKeyException>(() => db.Members.Update(new Member { Id = 2, Handle = "one", Score = 30, Tags = { "y" } }));

        Assert.Equal("two", db.Members.Get(2)!.Handle);
        Assert.Equal([2], db.Members.FindByScore(20).Select(m => m.Id));
        Assert.Empty(db.Members.FindByScore(30));
        Assert.Empty(db.Members.FindByTags("y"));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_document_may_keep_its_own_unique_value_when_updated()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 1, Handle = "same", Score = 1 });

        Assert.True(db.Members.Update(new Member { Id = 1, Handle = "same", Score = 2 }));
        Assert.Equal(2, db.Members.FindByHandle("same")!.Score);
    }

    [Fact]
    public void A_duplicate_primary_key_is_refused()
    {
        using var db = AppDb.OpenInMemory();
        db.Members.Insert(new Member { Id = 7, Handle = "a" });

        var e = Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(new Member { Id = 7, Handle = "b" }));

        Assert.Null(e.Index);
        Assert.Null(db.Members.FindByHandle("b"));
    }
}
