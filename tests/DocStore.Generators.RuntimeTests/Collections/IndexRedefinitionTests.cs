using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// A typed model whose index keeps its name but changes its definition (uniqueness, or path) gets that
/// index dropped and rebuilt from the stored documents when the collection opens: the catalog records the
/// new definition, the tree holds entries in the new form, and the generated queries answer from it.
/// </summary>
public class IndexRedefinitionTests
{
    // MemberModel's generated index order: LastFirst, Tags, HomeCity, Handle, Score.
    private const int HomeCity = 2;
    private const int Handle = 3;
    private const int Documents = 300;

    private static readonly IndexDefinition NonUniqueHandle = new("Handle", Unique: false, Multikey: false, ["Handle"]);

    private static Member Create(int i) => new() { Id = i, Handle = "h" + i, Score = i % 7, Home = new Home { City = "C" + (i % 5) } };

    [Fact]
    public void An_index_that_becomes_unique_under_the_same_name_is_rebuilt_unique_at_open()
    {
        using var temp = new TempDatabase();
        using (var db = new BareDb(temp.Path))
        {
            var members = WithOneIndex(db, NonUniqueHandle, Handle);
            members.InsertMany(Enumerable.Range(1, Documents).Select(Create));
            Assert.All(IndexTrees.Entries(db, "Members")["Handle"], entry => Assert.Empty(Value(entry)));
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.True(Record(db, "Handle").Definition.Unique);

            // A unique entry is index key -> primary key; a non-unique one carries the primary key in its key and has no value.
            var entries = IndexTrees.Entries(db, "Members")["Handle"];
            Assert.Equal(Documents, entries.Count);
            Assert.All(entries, entry => Assert.NotEmpty(Value(entry)));
            Assert.Equal(17, db.Members.FindByHandle("h17")!.Id);
            Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(new Member { Id = Documents + 1, Handle = "h17" }));
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }
    }

    [Fact]
    public void An_index_that_stops_being_unique_under_the_same_name_is_rebuilt_non_unique_at_open()
    {
        using var temp = new TempDatabase();
        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            db.Members.InsertMany(Enumerable.Range(1, Documents).Select(Create));
        }

        using (var db = new BareDb(temp.Path))
        {
            var members = WithOneIndex(db, NonUniqueHandle, Handle);
            Assert.False(Record(db, "Handle").Definition.Unique);
            Assert.All(IndexTrees.Entries(db, "Members")["Handle"], entry => Assert.Empty(Value(entry)));
            members.Insert(new Member { Id = Documents + 1, Handle = "h17" });
            Assert.Equal([17, Documents + 1], members.Equal(0, k => k.Append("h17")).Select(m => m.Id));
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }
    }

    [Fact]
    public void An_index_whose_path_changes_under_the_same_name_is_rebuilt_from_the_new_path_at_open()
    {
        using var temp = new TempDatabase();
        using (var db = new BareDb(temp.Path))
        {
            // The type as it was when its index "Score" covered the city.
            var overCity = new IndexDefinition("Score", Unique: false, Multikey: false, ["Home.City"]);
            var members = WithOneIndex(db, overCity, HomeCity);
            members.InsertMany(Enumerable.Range(1, Documents).Select(Create));
            Assert.Equal(Enumerable.Range(1, Documents).Where(i => i % 5 == 3), members.Equal(0, k => k.Append("C3")).Select(m => m.Id));
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(["Score"], Record(db, "Score").Definition.Paths);
            var expected = Enumerable.Range(1, Documents).Where(i => i % 7 == 3).ToList();
            Assert.Equal(expected, db.Members.FindByScore(3).Select(m => m.Id));
            Assert.Equal(expected.Count, db.Members.CountByScore(3));
            Assert.Equal(Enumerable.Range(1, Documents).OrderBy(i => i % 7).ThenBy(i => i), db.Members.FindByScoreRange(int.MinValue, int.MaxValue).Select(m => m.Id));
            Assert.Equal(Documents, IndexTrees.Entries(db, "Members")["Score"].Count);
            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
        }
    }

    /// <summary>The <c>Members</c> collection as an older version of the type declared it: with only <paramref name="index"/>, at <paramref name="position"/> of the generated model's index order.</summary>
    private static RawCollection<Member, int> WithOneIndex(BareDb db, IndexDefinition index, int position) =>
        new(db, new IndexSubsetModel<Member, int>(MemberCollection.DocumentModel, [index], [position]));

    /// <summary>The value part (hex) of an entry from <see cref="IndexTrees.Entries(DocStoreContext, string)"/>.</summary>
    private static string Value(string entry) => entry[(entry.IndexOf('=', StringComparison.Ordinal) + 1)..];

    private static IndexRecord Record(DocStoreContext db, string index)
    {
        using var tx = db.Engine.BeginRead();
        return CollectionCatalog.LoadIndexes(tx, "Members").Single(r => r.Definition.Name == index);
    }
}
