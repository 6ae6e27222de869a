using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;

namespace DocStore.Tests.Collections.Untyped;

/// <summary>
/// An untyped write into a collection a model keys by <c>Id</c> that carries <c>_id</c>: refused naming the
/// collection, the field and the real key field, as SQL refuses it, and nothing is stored (before, the
/// document got a generated key and kept <c>_id</c> as a field the model never reads).
/// </summary>
public sealed class StrayKeyFieldTests
{
    [Fact]
    public void An_untyped_insert_with_id_underscore_into_a_model_keyed_by_Id_is_refused_and_stores_nothing()
    {
        using var db = CrashDb.OpenInMemory();
        var items = db.GetCollection("CrashItems");
        var error = Assert.Throws<DocumentSchemaException>(() => items.Insert(new BsonDocument { { "_id", 5 }, { "Code", "c5" }, { "Group", 7 } }));
        Assert.Equal("CrashItems", error.Collection);
        Assert.Equal("_id", error.FieldPath);
        Assert.Contains("its key field is 'Id'", error.Message, StringComparison.Ordinal);
        Assert.Equal(0, db.CrashItems.Count());
        Assert.Null(db.CrashItems.FindByCode("c5"));
    }

    [Fact]
    public void Updates_and_upserts_carrying_id_underscore_are_refused_and_leave_the_document_as_it_was()
    {
        using var db = CrashDb.OpenInMemory();
        var items = db.GetCollection("CrashItems");
        items.Insert(new BsonDocument { { "Id", 1 }, { "Code", "c1" }, { "Group", 7 } });

        var update = Assert.Throws<DocumentSchemaException>(() => items.Update(new BsonDocument { { "Id", 1 }, { "_id", 1 }, { "Code", "c2" }, { "Group", 7 } }));
        Assert.Equal("1", update.Key);
        Assert.Throws<DocumentSchemaException>(() => items.Upsert(new BsonDocument { { "Id", 2 }, { "_id", 2 }, { "Code", "c3" }, { "Group", 7 } }));

        Assert.Equal("c1", db.CrashItems.Get(1)!.Code);
        Assert.Equal(1, db.CrashItems.Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_collection_keyed_by_id_underscore_takes_it_as_the_key()
    {
        using var db = CrashDb.OpenInMemory();
        var notes = db.GetCollection("notes");
        notes.Insert(new BsonDocument { { "_id", 5 }, { "text", "kept" } });
        Assert.Equal("kept", notes.Get(5)!["text"].AsString);
    }
}
