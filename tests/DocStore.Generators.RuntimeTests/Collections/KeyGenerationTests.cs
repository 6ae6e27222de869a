using DocStore.Bson;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

public class KeyGenerationTests
{
    [Fact]
    public void Default_ObjectId_key_is_generated_and_stored_into_the_document()
    {
        using var db = AppDb.OpenInMemory();
        var person = new Person { Email = "a@example.org" };
        ObjectId key = db.People.Insert(person);
        Assert.NotEqual(default, key);
        Assert.Equal(key, person.Id);
    }

    [Fact]
    public void Explicit_ObjectId_key_is_kept()
    {
        using var db = AppDb.OpenInMemory();
        ObjectId id = ObjectId.NewObjectId();
        Assert.Equal(id, db.People.Insert(new Person { Id = id, Email = "a@example.org" }));
    }

    [Fact]
    public void Empty_Guid_key_gets_a_version_7_Guid_through_an_init_setter()
    {
        using var db = AppDb.OpenInMemory();
        var category = new Category(Guid.Empty, "Books");
        Guid key = db.Categories.Insert(category);
        Assert.Equal(7, key.Version);
        Assert.Equal(key, category.Id);
        Assert.Equal("Books", db.Categories.Get(key)!.Name);
    }

    [Fact]
    public void Zero_integer_keys_auto_increment_after_the_largest_key_seen()
    {
        using var db = AppDb.OpenInMemory();
        Assert.Equal(1L, db.Kitchen.Insert(new Everything { Required = "r" }));
        Assert.Equal(2L, db.Kitchen.Insert(new Everything { Required = "r" }));
        Assert.Equal(10L, db.Kitchen.Insert(new Everything { Id = 10, Required = "r" }));
        Assert.Equal(11L, db.Kitchen.Insert(new Everything { Required = "r" }));
    }

    [Fact]
    public void Struct_documents_get_their_key_in_the_stored_copy()
    {
        using var db = AppDb.OpenInMemory();
        int key = db.Counters.Insert(new Counter(0, 5));
        Assert.Equal(1, key);
        Assert.Equal(5, db.Counters.Get(key).Start);
    }

    [Fact]
    public void A_duplicate_primary_key_is_rejected()
    {
        using var db = AppDb.OpenInMemory();
        db.Kitchen.Insert(new Everything { Id = 3, Required = "r" });
        DuplicateKeyException e = Assert.Throws<DuplicateKeyException>(() => db.Kitchen.Insert(new Everything { Id = 3, Required = "r" }));
        Assert.Equal("Kitchen", e.Collection);
        Assert.Null(e.Index);
    }
}
