using System.Text;
using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Untyped;

/// <summary>
/// SQL writes into a collection a typed model owns convert values to the member types the catalog
/// records, also when the model is not open (the file opened untyped, as the CLI does).
/// </summary>
public class TypedSqlWriteTests
{
    private static readonly Guid Ref = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e");

    [Fact]
    public void Values_of_the_wrong_numeric_kind_are_stored_as_the_typed_model_reads_them()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(1, db.Sql.Execute(
                "INSERT INTO Invoices (Id, Big, Ratio, Price, At, Ref, Paid, Color, Maybe, Ship.City, Ship.Zip, mail) " +
                "VALUES (2.0, 5, 3, 7.25, '2024-05-01T10:30:00.1234567Z', @ref, true, 2.0, NULL, 'Rome', 100.0, 'b@x.org')",
                new SqlParameters().Add("ref", Ref.ToString())));
            Assert.Equal(1, db.Sql.Execute("INSERT INTO Invoices VALUES ({\"Id\": 3, \"Ratio\": 8, \"Counts\": [1, 2.0, 3], \"Lines\": [{\"Sku\": \"a\", \"Amount\": 2}], \"Ship\": {\"Zip\": 7.0}})"));
            Assert.Equal(1, db.Sql.Execute("UPDATE Invoices SET Big = 9.0, Price = 4, Ratio = 6, Maybe = 3.0 WHERE Id = 1"));

            // Stored as the serializer stores them: the double member holds doubles, the long member an integer.
            var stored = db.GetCollection("Invoices").Get(2)!;
            Assert.Equal(Bson.BsonType.Double, stored["Ratio"].BsonType);
            Assert.Equal(Bson.BsonType.Decimal128, stored["Price"].BsonType);
            Assert.Equal(Bson.BsonType.Int32, stored["Id"].BsonType);
            Assert.Equal(Bson.BsonType.Binary, stored["Ref"].BsonType);
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            var two = db.Invoices.Get(2)!;
            Assert.Equal(5L, two.Big);
            Assert.Equal(3.0, two.Ratio);
            Assert.Equal(7.25m, two.Price);
            Assert.Equal(new DateTime(2024, 5, 1, 10, 30, 0, DateTimeKind.Utc).AddTicks(1234567), two.At);
            Assert.Equal(DateTimeKind.Utc, two.At.Kind);
            Assert.Equal(Ref, two.Ref);
            Assert.True(two.Paid);
            Assert.Equal(Color.Blue, two.Color);
            Assert.Null(two.Maybe);
            Assert.Equal(("Rome", 100), (two.Ship.City, two.Ship.Zip));

            var three = db.Invoices.Get(3)!;
            Assert.Equal([1, 2, 3], three.Counts);
            Assert.Equal(2m, Assert.Single(three.Lines).Amount);
            Assert.Equal(7, three.Ship.Zip);

            var one = db.Invoices.Get(1)!;
            Assert.Equal((9L, 4m, 6.0, (int?)3), (one.Big, one.Price, one.Ratio, one.Maybe));

            // The index on the double member found the converted values, and the [Field]-renamed index holds the SQL row.
            Assert.Equal([3], db.Invoices.FindByRatio(8.0).Select(i => i.Id));
            Assert.Equal([1], db.Invoices.FindByRatio(6.0).Select(i => i.Id));
            Assert.Equal([2], db.Invoices.FindByEmail("b@x.org").Select(i => i.Id));
            Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        }
    }

    [Theory]
    [InlineData("INSERT INTO Invoices (Id, Price) VALUES (5, 'cheap')", "'Price'", "decimal", "a string 'cheap'")]
    [InlineData("INSERT INTO Invoices (Id, Big) VALUES (5, NULL)", "'Big'", "int64", "NULL")]
    [InlineData("INSERT INTO Invoices (Id) VALUES (3000000000)", "'Id'", "int32", "an int64 3000000000")]
    [InlineData("INSERT INTO Invoices (Id, Ratio) VALUES (5, 2.5), (6, 1), (7, 'x')", "'Ratio'", "double", "a string 'x'")]
    [InlineData("INSERT INTO Invoices (Id, At) VALUES (5, 'yesterday')", "'At'", "datetime", "a string 'yesterday'")]
    [InlineData("INSERT INTO Invoices (Id, Ref) VALUES (5, 12)", "'Ref'", "guid", "an int32 12")]
    [InlineData("INSERT INTO Invoices (Id, Ship.Zip) VALUES (5, 1.5)", "'Ship.Zip'", "int32", "a double 1.5")]
    [InlineData("INSERT INTO Invoices VALUES ({\"Id\": 5, \"Lines\": [{\"Amount\": \"x\"}]})", "'Lines[].Amount'", "decimal", "a string 'x'")]
    [InlineData("INSERT INTO Invoices VALUES ({\"Id\": 5, \"Counts\": [1, null]})", "'Counts[1]'", "int32", "NULL")]
    [InlineData("UPDATE Invoices SET Paid = 1 WHERE Id = 1", "'Paid'", "bool", "an int32 1")]
    [InlineData("UPDATE Invoices SET Ship = 'Oslo' WHERE Id = 1", "'Ship'", "document", "a string 'Oslo'")]
    public void A_value_that_cannot_convert_names_the_field_and_writes_nothing(string sql, string field, string declared, string value)
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);

        using var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        var before = db.Sql.Query("SELECT * FROM Invoices");
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute(sql));
        Assert.IsAssignableFrom<DocStoreException>(error);
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains(field, error.Message, StringComparison.Ordinal);
        Assert.Contains("'Invoices'", error.Message, StringComparison.Ordinal);
        Assert.Contains("declares it " + declared, error.Message, StringComparison.Ordinal);
        Assert.Contains(value, error.Message, StringComparison.Ordinal);
        Assert.Equal(before, db.Sql.Query("SELECT * FROM Invoices"));
    }

    [Fact]
    public void A_parameter_is_converted_in_a_copy()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            var counts = new BsonArray { 1, 2.0 };
            var line = new BsonDocument { { "Sku", "p" }, { "Amount", 3 } };
            db.Sql.Execute("INSERT INTO Invoices (Id, Counts, Lines) VALUES (6, @counts, @lines)", new SqlParameters().Add("counts", counts).Add("lines", new BsonArray { line }));
            Assert.Equal(Bson.BsonType.Double, counts[1].BsonType);
            Assert.Equal(Bson.BsonType.Int32, line["Amount"].BsonType);
            Assert.Equal(Bson.BsonType.Int32, db.GetCollection("Invoices").Get(6)!["Counts"].AsArray[1].BsonType);
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            var six = db.Invoices.Get(6)!;
            Assert.Equal([1, 2], six.Counts);
            Assert.Equal(3m, Assert.Single(six.Lines).Amount);
        }
    }

    [Fact]
    public void Fields_the_model_does_not_declare_keep_the_value_as_written()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        using var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        db.Sql.Execute("INSERT INTO Invoices (Id, Extra, Ship.Note) VALUES (4, 'free', 12)");
        var stored = db.GetCollection("Invoices").Get(4)!;
        Assert.Equal("free", stored["Extra"].AsString);
        Assert.Equal(12, stored["Ship"].AsDocument["Note"].AsInt32);
    }

    [Fact]
    public void The_system_tables_show_the_declared_types()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        using var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        Assert.Equal("int32", db.Sql.ExecuteScalar("SELECT key_type FROM docstore_collections WHERE name = 'Invoices'").AsString);
        Assert.Equal("decimal", Type(db, "Price"));
        Assert.Equal("datetime", Type(db, "At"));
        Assert.Equal("int32?", Type(db, "Maybe"));
        Assert.Equal("string?", Type(db, "mail"));
        Assert.Equal("array<int32>?", Type(db, "Counts"));
        Assert.Equal("document?", Type(db, "Ship"));
        Assert.Equal("Ship.Zip int32", Type(db, "Zip"));
        Assert.Equal("Lines[].Amount decimal", Type(db, "Amount"));
        Assert.Equal(["mail"], db.Sql.ExecuteScalar("SELECT paths FROM docstore_indexes WHERE collection = 'Invoices' AND name = 'Email'").AsArray.Select(p => p.AsString));

        static string Type(DocStoreDatabase db, string name) =>
            db.Sql.ExecuteScalar("SELECT type FROM docstore_fields WHERE collection = 'Invoices' AND name = @n", new SqlParameters().Add("n", name)).AsString;
    }

    [Fact]
    public void The_generated_model_states_every_stored_path()
    {
        var types = InvoiceCollection.DocumentModel.FieldTypes.ToDictionary(t => t.Path, t => t.Type);
        Assert.Equal("int32", types["Id"]);
        Assert.Equal("int64", types["Big"]);
        Assert.Equal("guid", types["Ref"]);
        Assert.Equal("bool", types["Paid"]);
        Assert.Equal("int32", types["Color"]);
        Assert.Equal("string?", types["Ship.City"]);
        Assert.Equal("array<document?>?", types["Lines"]);
        Assert.Equal("string?", types["Lines[].Sku"]);
        Assert.Equal("string?", types["mail"]);
        Assert.DoesNotContain("Email", types.Keys);
    }

    [Fact]
    public void An_old_collection_record_without_types_still_opens_and_is_upgraded_by_the_typed_model()
    {
        using var temp = new TempDatabase();
        Seed(temp.Path);
        string tree;
        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            // Format 2 as the previous version wrote it: tree name, key field, key generation (3: sequence).
            using var tx = db.Engine.BeginWrite();
            tree = CollectionCatalog.FindCollection(tx, "Invoices")!.PrimaryTree;
            var old = new List<byte> { 2 };
            foreach (var text in new[] { tree, "Id" })
            {
                var bytes = Encoding.UTF8.GetBytes(text);
                old.AddRange(BitConverter.GetBytes((ushort)bytes.Length));
                old.AddRange(bytes);
            }

            old.Add(3);
            tx.OpenTree(CollectionCatalog.TreeName)!.Put(CatalogKeys.Collection("Invoices"), [.. old]);
            tx.Commit();
        }

        using (var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options))
        {
            using (var tx = db.Engine.BeginRead())
            {
                Assert.Null(CollectionCatalog.FindCollection(tx, "Invoices")!.Types);
            }

            // Without recorded types SQL stores what it was given (the read-back check does not run: the model is not open).
            Assert.True(db.Sql.ExecuteScalar("SELECT key_type FROM docstore_collections WHERE name = 'Invoices'").IsNull);
            db.Sql.Execute("INSERT INTO Invoices (Id, Ratio) VALUES (9, 4)");
            Assert.Equal(Bson.BsonType.Int32, db.GetCollection("Invoices").Get(9)!["Ratio"].BsonType);
        }

        using (var db = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            Assert.Equal(4.0, db.Invoices.Get(9)!.Ratio);
            using var tx = db.Engine.BeginRead();
            var record = CollectionCatalog.FindCollection(tx, "Invoices")!;
            Assert.Equal(tree, record.PrimaryTree);
            Assert.Equal("int32", record.KeyType);
            Assert.Equal(InvoiceCollection.DocumentModel.FieldTypes, record.Types);
        }
    }

    private static void Seed(string path)
    {
        using var db = AppDb.Open(path, TempDatabase.Options);
        db.Invoices.Insert(new Invoice { Id = 1, Big = 1, Ratio = 0.5, Price = 1m, Email = "a@x.org", Ship = new() { City = "Oslo" }, Lines = [new() { Sku = "s", Amount = 1m }] });
    }
}
