using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>
/// Reopening an untyped collection with other string-path index declarations: requested indexes the
/// catalog lacks are built from the stored documents, recorded ones that were not requested are kept
/// (and still maintained), and a requested index that differs from the recorded one replaces it.
/// </summary>
public class UntypedIndexLifecycleTests
{
    private const int Documents = 600;

    private static BsonDocument Person(int i) => new()
    {
        { "_id", i },
        { "Email", $"e{i}@example.org" },
        { "Age", i % 50 },
        { "Score", i },
        { "Address", new BsonDocument { { "City", $"c{i % 7}" } } },

        // Equal elements when i is a multiple of 15: they make one entry.
        { "Tags", new BsonArray { $"t{i % 3}", $"t{i % 5}" } },
    };

    private static IEnumerable<int> Ids(IEnumerable<BsonDocument> documents) => documents.Select(d => d["_id"].AsInt32);

    [Fact]
    public void A_reopen_with_other_indexes_builds_the_new_ones_and_keeps_and_maintains_the_old_ones()
    {
        using var temp = new TempDatabase();
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var people = db.GetCollection("people", IndexDefinition.On("Age"), IndexDefinition.UniqueOn("Email"));
            people.InsertMany(Enumerable.Range(1, Documents).Select(Person));
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var people = db.GetCollection("people", IndexDefinition.On("Address.City"), IndexDefinition.On("Tags[]"));
            Assert.Equal(["AddressCity", "Age", "Email", "Tags"], people.Indexes.Select(i => i.Name).Order());

            // The new indexes hold every stored document.
            Assert.Equal(Enumerable.Range(1, Documents).Where(i => i % 7 == 3), Ids(people.Find("Address.City", "c3")));
            Assert.Equal(Enumerable.Range(1, Documents).Where(i => i % 3 == 0 || i % 5 == 0), Ids(people.Find("Tags[]", "t0")));
            Assert.Equal(Enumerable.Range(1, Documents).Count(i => i % 3 == 2 || i % 5 == 2), people.CountBy("Tags[]", "t2"));

            // The old ones still answer, and a write maintains all four.
            Assert.Equal(17, people.FindOne("Email", "e17@example.org")!["Score"].AsInt32);
            people.Insert(Person(Documents + 1));
            Assert.True(people.Delete(3));
            Assert.Equal(Enumerable.Range(1, Documents + 1).Count(i => i != 3 && i % 50 == 3), people.CountBy("Age", 3));
            Assert.Null(people.FindOne("Email", "e3@example.org"));
            Assert.Equal(Documents + 1, people.FindOne("Email", $"e{Documents + 1}@example.org")!["_id"].AsInt32);
            Assert.Equal(Enumerable.Range(1, Documents + 1).Where(i => i != 3 && i % 7 == 3), Ids(people.Find("Address.City", "c3")));
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var people = db.GetCollection("people");
            Assert.Equal(["AddressCity", "Age", "Email", "Tags"], people.Indexes.Select(i => i.Name).Order());
            Assert.Equal(Enumerable.Range(1, Documents + 1).Count(i => i != 3 && (i % 3 == 1 || i % 5 == 1)), people.CountBy("Tags[]", "t1"));
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }
    }

    [Fact]
    public void A_requested_index_that_differs_from_the_recorded_one_replaces_it_and_is_rebuilt()
    {
        using var temp = new TempDatabase();
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            db.GetCollection("people", IndexDefinition.On("Score")).InsertMany(Enumerable.Range(1, Documents).Select(Person));
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var people = db.GetCollection("people", IndexDefinition.UniqueOn("Score"));
            Assert.True(Assert.Single(people.Indexes).Unique);
            Assert.Equal(250, people.FindOne("Score", 250)!["_id"].AsInt32);

            var clash = Person(Documents + 1);
            clash["Score"] = 250;
            var e = Assert.Throws<DuplicateKeyException>(() => people.Insert(clash));
            Assert.Equal("Score", e.Index);
            Assert.Equal(Documents, people.Count());
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }
    }
}
