using DocStore.Bson;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Engine;
using DocStore.Storage;

namespace DocStore.Tests.Collections;

/// <summary>The collection catalog records collections, field names and indexes transactionally, and reports malformed records.</summary>
public class CatalogTests
{
    [Fact]
    public void Records_round_trip_through_a_commit()
    {
        using var engine = StorageEngine.Open(StorageEngine.InMemory);
        using (var tx = engine.BeginWrite())
        {
            CollectionCatalog.PutCollection(tx, new CollectionRecord("People", "c/People"));
            CollectionCatalog.PutField(tx, "People", new FieldDictionaryEntry(2, "Email"));
            CollectionCatalog.PutField(tx, "People", new FieldDictionaryEntry(1, "Id"));
            CollectionCatalog.PutIndex(tx, "People", new IndexRecord(new IndexDefinition("AddressCity", false, false, ["Address.City"]), "i/People/AddressCity"));
            CollectionCatalog.PutIndex(tx, "People", new IndexRecord(IndexDefinition.UniqueOn("Email"), "i/People/Email"));
            CollectionCatalog.PutCollection(tx, new CollectionRecord("Peoples", "c/Peoples"));
            tx.Commit();
        }

        using var read = engine.BeginRead();
        Assert.Equal(["People", "Peoples"], CollectionCatalog.CollectionNames(read));
        Assert.Equal("c/People", CollectionCatalog.FindCollection(read, "People")!.PrimaryTree);
        Assert.Null(CollectionCatalog.FindCollection(read, "Nobody"));
        Assert.Equal([new FieldDictionaryEntry(1, "Id"), new FieldDictionaryEntry(2, "Email")], CollectionCatalog.LoadFields(read, "People"));
        Assert.Empty(CollectionCatalog.LoadFields(read, "Peoples"));
        var indexes = CollectionCatalog.LoadIndexes(read, "People");
        Assert.Equal(["AddressCity", "Email"], indexes.Select(i => i.Definition.Name));
        Assert.True(indexes[1].Definition.Unique);
        Assert.Equal(["Address.City"], indexes[0].Definition.Paths);
        Assert.Equal("i/People/Email", indexes[1].Tree);
    }

    [Fact]
    public void A_rolled_back_transaction_leaves_no_catalog_record()
    {
        using var engine = StorageEngine.Open(StorageEngine.InMemory);
        using (var tx = engine.BeginWrite())
        {
            CollectionCatalog.PutCollection(tx, new CollectionRecord("People", "c/People"));
            CollectionCatalog.PutField(tx, "People", new FieldDictionaryEntry(1, "Id"));
        }

        using var read = engine.BeginRead();
        Assert.Empty(CollectionCatalog.CollectionNames(read));
        Assert.Empty(CollectionCatalog.LoadFields(read, "People"));
    }

    [Fact]
    public void Deleting_an_index_record_removes_only_that_index()
    {
        using var engine = StorageEngine.Open(StorageEngine.InMemory);
        using var tx = engine.BeginWrite();
        CollectionCatalog.PutIndex(tx, "People", new IndexRecord(IndexDefinition.On("A"), "i/People/A"));
        CollectionCatalog.PutIndex(tx, "People", new IndexRecord(IndexDefinition.On("B[]"), "i/People/B"));

        Assert.True(CollectionCatalog.DeleteIndex(tx, "People", "A"));
        Assert.False(CollectionCatalog.DeleteIndex(tx, "People", "A"));
        Assert.Equal(["B"], CollectionCatalog.LoadIndexes(tx, "People").Select(i => i.Definition.Name));
    }

    [Theory]
    [InlineData(new byte[] { })]
    [InlineData(new byte[] { 9, 0, 0 })]
    [InlineData(new byte[] { 1, 50, 0, (byte)'c' })]
    [InlineData(new byte[] { 1, 1, 0, (byte)'c', 7 })]
    public void A_malformed_collection_record_is_reported_as_corruption(byte[] value)
    {
        using var engine = StorageEngine.Open(StorageEngine.InMemory);
        using var tx = engine.BeginWrite();
        CollectionCatalog.PutCollection(tx, new CollectionRecord("People", "c/People"));
        var tree = tx.OpenTree(CollectionCatalog.TreeName)!;
        var cursor = tree.CreateCursor();
        Assert.True(cursor.SeekFirst());
        tree.Put(cursor.Key.ToArray(), value);

        var e = Assert.Throws<DatabaseCorruptException>(() => CollectionCatalog.FindCollection(tx, "People"));
        Assert.Contains("collection 'People'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_stored_index_compares_with_its_declaration_by_value()
    {
        using var engine = StorageEngine.Open(StorageEngine.InMemory);
        using var tx = engine.BeginWrite();
        var declared = IndexDefinition.UniqueOn("Email");
        CollectionCatalog.PutIndex(tx, "People", new IndexRecord(declared, "i/People/Email"));

        var stored = CollectionCatalog.LoadIndexes(tx, "People").Single().Definition;
        Assert.NotSame(declared.Paths, stored.Paths);
        Assert.True(stored.SameAs(declared));
        Assert.False(stored.SameAs(declared with { Unique = false }));
        Assert.False(stored.SameAs(declared with { Paths = ["Other"] }));
        Assert.False(stored.SameAs(declared with { Name = "Mail" }));
    }
}
