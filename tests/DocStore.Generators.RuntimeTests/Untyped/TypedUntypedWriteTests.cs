using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>
/// Untyped writes into a collection whose catalog records member types convert to them by SQL's rules, or
/// refuse with <see cref="DocumentSchemaException"/> and write nothing; the integrity check finds stored
/// values a typed reader would refuse.
/// </summary>
public class TypedUntypedWriteTests
{
    [Fact]
    public void Every_write_method_converts_to_the_declared_types()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        var at = new DateTime(2024, 5, 1, 10, 30, 0, DateTimeKind.Utc);
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var invoices = db.GetCollection("Invoices");
            Assert.Equal("decimal", invoices.MemberTypes["Price"]);
            invoices.Insert(Doc("""{"Id": 2.0, "Big": 5, "Ratio": 3, "At": "2024-05-01T10:30:00Z"}"""));
            invoices.InsertMany([Doc("""{"Id": 3, "Price": 2.5}"""), Doc("""{"Id": 4, "At": {"$date": "2024-05-01T10:30:00Z"}}""")]);
            Assert.True(invoices.Update(Doc("""{"Id": 1, "Ratio": 7, "Counts": [1, 2.0]}""")));
            invoices.Upsert(Doc("""{"Id": 5, "Ship": {"Zip": 9.0}}"""));
            using (var tx = db.BeginTransaction())
            {
                invoices.Insert(tx, Doc("""{"Id": 6, "Ref": "0f8fad5b-d9cb-469f-a165-70867728950e"}"""));
                tx.Commit();
            }

            // The BSON datetime is stored as the typed writer stores a UTC DateTime: the extension subtype.
            Assert.Equal(Bson.BsonType.Binary, invoices.Get(4)!["At"].BsonType);
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            var two = db.Invoices.Get(2)!;
            Assert.Equal((5L, 3.0, at, DateTimeKind.Utc), (two.Big, two.Ratio, two.At, two.At.Kind));
            Assert.Equal(2.5m, db.Invoices.Get(3)!.Price);
            Assert.Equal((at, DateTimeKind.Utc), (db.Invoices.Get(4)!.At, db.Invoices.Get(4)!.At.Kind));
            Assert.Equal(7.0, db.Invoices.Get(1)!.Ratio);
            Assert.Equal([1, 2], db.Invoices.Get(1)!.Counts);
            Assert.Equal(9, db.Invoices.Get(5)!.Ship.Zip);
            Assert.Equal(Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"), db.Invoices.Get(6)!.Ref);

            // The index on the double member holds the converted value.
            Assert.Equal([1], db.Invoices.FindByRatio(7.0).Select(i => i.Id));
        }
    }

    [Fact]
    public async Task A_refused_value_names_collection_key_field_type_and_value_and_writes_nothing()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        using var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        var invoices = db.GetCollection("Invoices");
        var before = invoices.FindAll().ToList();

        var error = Assert.Throws<DocumentSchemaException>(() => invoices.Insert(Doc("""{"Id": 7, "Price": "cheap"}""")));
        Assert.Equal(("Invoices", "7", "Price"), (error.Collection, error.Key, error.FieldPath));
        Assert.Contains("declares it decimal", error.Message, StringComparison.Ordinal);
        Assert.Contains("a string 'cheap'", error.Message, StringComparison.Ordinal);

        Assert.Equal("Lines[].Amount", Assert.Throws<DocumentSchemaException>(() => invoices.Update(Doc("""{"Id": 1, "Lines": [{"Amount": "x"}]}"""))).FieldPath);
        Assert.Equal("Counts[1]", (await Assert.ThrowsAsync<DocumentSchemaException>(async () => await invoices.UpsertAsync(Doc("""{"Id": 8, "Counts": [1, null]}""")))).FieldPath);
        Assert.Equal("Id", Assert.Throws<DocumentSchemaException>(() => invoices.Insert(Doc("""{"Id": 3000000000}"""))).FieldPath);

        // All or none: the second document is refused before the first is written.
        Assert.Throws<DocumentSchemaException>(() => invoices.InsertMany([Doc("""{"Id": 9}"""), Doc("""{"Id": 10, "Paid": 1}""")]));

        // An explicit transaction stays usable after a refusal.
        using (var tx = db.BeginTransaction())
        {
            await Assert.ThrowsAsync<DocumentSchemaException>(async () => await invoices.InsertAsync(tx, Doc("""{"Id": 11, "At": "yesterday"}""")));
            Assert.Throws<DocumentSchemaException>(() => invoices.InsertMany(tx, [Doc("""{"Id": 12}"""), Doc("""{"Id": 13, "Ship": "Oslo"}""")]));
            invoices.Insert(tx, Doc("""{"Id": 14, "Big": 2}"""));
            tx.Commit();
        }

        Assert.Equal(before.Count + 1, invoices.Count());
        Assert.Equal(before, invoices.FindAll().Where(d => !d["Id"].Equals((BsonValue)14)).ToList());
        Assert.Null(invoices.Get(9));
    }

    [Fact]
    public void The_callers_document_keeps_its_values()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        using var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        var invoices = db.GetCollection("Invoices");
        var document = Doc("""{"Id": 20, "Ratio": 3, "Counts": [1, 2.0]}""");

        invoices.Insert(document);

        Assert.Equal(Bson.BsonType.Int32, document["Ratio"].BsonType);
        Assert.Equal(Bson.BsonType.Double, document["Counts"].AsArray[1].BsonType);
        Assert.Equal(Bson.BsonType.Double, invoices.Get(20)!["Ratio"].BsonType);
    }

    [Fact]
    public void The_integrity_check_reports_a_value_written_before_the_types_were_recorded()
    {
        using var temp = new TempDatabase();
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            // No typed model has opened the collection yet: nothing is declared, so nothing is converted.
            var invoices = db.GetCollection("Invoices", new BsonCollectionOptions { KeyField = "Id", KeyGeneration = KeyGeneration.Sequence });
            Assert.Empty(invoices.MemberTypes);
            invoices.Insert(Doc("""{"Id": 1, "Price": "cheap", "At": "2024-05-01T10:30:00Z", "Lines": [{"Amount": 1}, {"Amount": true}]}"""));
            for (var i = 2; i <= 30; i++)
            {
                invoices.Insert(Doc($$"""{"Id": {{i}}, "Big": "many"}"""));
            }
        }

        using (AppDb.Open(temp.Path, TempDatabase.Options))
        {
            // Records the member types.
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var problems = db.CheckIntegrity().Problems;
            Assert.Contains("collection 'Invoices': document 1: field 'Price' holds a string 'cheap', which does not fit its declared type decimal", problems);

            // Text in a DateTime member converts on write, but a typed reader refuses it once stored.
            Assert.Contains(problems, p => p.Contains("field 'At' holds a string", StringComparison.Ordinal) && p.EndsWith("declared type datetime", StringComparison.Ordinal));
            Assert.Contains(problems, p => p.Contains("field 'Lines[1].Amount' holds a boolean", StringComparison.Ordinal));

            // 3 misfits in document 1 and 29 more: 20 listed, then one line for the rest.
            Assert.Equal(RecordedTypeCheckCap, problems.Count(p => p.Contains("which does not fit", StringComparison.Ordinal)));
            Assert.Contains("collection 'Invoices': 12 more field(s) do not fit their declared types (only the first 20 misfits of a collection are listed)", problems);
        }
    }

    private const int RecordedTypeCheckCap = DocStore.Collections.Typing.RecordedTypeCheck.MaxListed;

    private static BsonDocument Doc(string json) => ExtendedJson.Parse(json);

    private static void Seed(string path)
    {
        using var db = AppDb.Open(path, TempDatabase.Options);
        db.Invoices.Insert(new Invoice { Id = 1, Big = 1, Ratio = 0.5, Price = 1m, Email = "a@x.org", Ship = new() { City = "Oslo" }, Lines = [new() { Sku = "s", Amount = 1m }] });
    }
}
