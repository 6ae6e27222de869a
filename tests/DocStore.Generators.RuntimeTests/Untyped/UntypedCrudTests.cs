using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>An untyped collection inserts, reads, updates, upserts, deletes, counts and scans documents of the document model, and survives a reopen.</summary>
public class UntypedCrudTests
{
    private static BsonDocument Person(string email, int age, string city, params string[] tags) => new()
    {
        { "Email", email },
        { "Age", age },
        { "Address", new BsonDocument { { "Street", "1 Main" }, { "City", city } } },
        { "Tags", new BsonArray(tags.Select(t => (BsonValue)t)) },
    };

    [Fact]
    public void A_document_without_a_key_gets_an_ObjectId_under_id_stored_first()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var people = db.GetCollection("people");
        var ada = Person("ada@example.org", 36, "London", "math");

        var key = people.Insert(ada);

        Assert.Equal("_id", people.KeyField);
        Assert.IsType<BsonObjectId>(key);
        Assert.Equal("_id", ada[0].Name);
        Assert.Equal(ada, people.Get(key));
        Assert.True(people.Exists(key));
        Assert.Equal(1, people.Count());
    }

    [Fact]
    public void Update_upsert_and_delete_work_by_the_key_field()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var people = db.GetCollection("people", IndexDefinition.On("Age"));
        var ada = Person("ada@example.org", 36, "London");
        var key = people.Insert(ada);

        ada["Age"] = 37;
        Assert.True(people.Update(ada));
        Assert.Equal(37, people.Get(key)!["Age"].AsInt32);
        Assert.Empty(people.Find("Age", 36));
        Assert.Single(people.Find("Age", 37));

        Assert.False(people.Update(new BsonDocument { { "_id", ObjectId.NewObjectId() }, { "Age", 1 } }));
        var upserted = people.Upsert(new BsonDocument { { "_id", "grace" }, { "Age", 85 } });
        Assert.Equal("grace", upserted.AsString);
        Assert.Equal(85, people.Get("grace")!["Age"].AsInt32);

        Assert.True(people.Delete(key));
        Assert.False(people.Delete(key));
        Assert.Null(people.Get(key));
        Assert.Equal(["grace"], people.Scan().Select(d => d["_id"].AsString));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_collection_created_with_sequence_keys_numbers_documents_and_keeps_counting_after_a_reopen()
    {
        using var temp = new TempDatabase();
        var options = new BsonCollectionOptions { KeyField = "Id", KeyGeneration = KeyGeneration.Sequence };
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var items = db.GetCollection("items", options);
            Assert.Equal([1, 2, 3], items.InsertMany([new BsonDocument { { "n", "a" } }, new BsonDocument { { "n", "b" } }, new BsonDocument { { "n", "c" } }]).Select(k => k.AsInt32));
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var items = db.GetCollection("items");
            Assert.Equal("Id", items.KeyField);
            Assert.Equal(4, items.Insert(new BsonDocument { { "n", "d" } }).AsInt32);
            Assert.Equal(["a", "b", "c", "d"], items.Scan().Select(d => d["n"].AsString));
            Assert.Equal(["d", "c"], items.Scan(new QueryOptions { Descending = true, Take = 2 }).Select(d => d["n"].AsString));
        }
    }

    [Fact]
    public void Indexes_and_documents_are_there_after_a_reopen_without_declaring_them_again()
    {
        using var temp = new TempDatabase();
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var people = db.GetCollection("people", IndexDefinition.On("Address.City"), IndexDefinition.UniqueOn("Email"), IndexDefinition.On("Tags[]"));
            people.Insert(Person("ada@example.org", 36, "London", "math", "poetry"));
            people.Insert(Person("alan@example.org", 41, "Wilmslow", "math"));
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var people = db.GetCollection("people");
            Assert.Equal(["AddressCity", "Email", "Tags"], people.Indexes.Select(i => i.Name).Order());
            Assert.Equal(41, people.FindOne("Email", "alan@example.org")!["Age"].AsInt32);
            Assert.Equal(2, people.CountBy("Tags[]", "math"));
            Assert.Equal(["London"], people.Find("Address.City", "London").Select(d => d["Address"].AsDocument["City"].AsString));
            Assert.True(db.CheckIntegrity().IsValid);
        }
    }

    [Fact]
    public void The_same_name_returns_the_same_object_and_a_new_index_on_an_open_collection_is_refused()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var first = db.GetCollection("people", IndexDefinition.On("Age"));

        Assert.Same(first, db.GetCollection("people"));
        Assert.Same(first, db.GetCollection("people", IndexDefinition.On("Age")));
        Assert.Throws<InvalidOperationException>(() => db.GetCollection("people", IndexDefinition.On("Email")));
        Assert.Throws<ArgumentException>(() => db.GetCollection("people", new BsonCollectionOptions { KeyField = "Id" }));
    }

    [Fact]
    public void Transactions_span_untyped_collections_and_roll_back_as_a_whole()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var a = db.GetCollection("a");
        var b = db.GetCollection("b", IndexDefinition.On("x"));
        using (var tx = db.BeginTransaction())
        {
            a.Insert(tx, new BsonDocument { { "_id", 1 }, { "new-name", true } });
            b.Insert(tx, new BsonDocument { { "_id", 1 }, { "x", 5 } });
            Assert.Equal(1, b.CountBy(tx, "x", 5));
            Assert.Equal(0, b.CountBy("x", 5));
        }

        Assert.Equal(0, a.Count());
        Assert.Equal(0, b.Count());
        Assert.False(a.Fields.TryGetId("new-name", out _));
    }
}
