using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Writes;

/// <summary>CREATE INDEX and DROP INDEX: what they build and remove, what they refuse, and that every open handle follows them.</summary>
public sealed class IndexDdlTests
{
    private const string ByName = "SELECT _id, Name FROM People WHERE Name = 'ann' OR Name = 'Bob' ORDER BY _id";

    [Fact]
    public void Create_index_fills_the_index_and_queries_seek_it_with_the_scans_results()
    {
        using var db = SqlDatabase.People();
        var scanned = SqlDatabase.Rows(db, ByName);
        Assert.Equal("full scan", Plan(db, "SELECT * FROM People WHERE Name = 'Bob'")["access"].AsString);

        db.Sql.Execute("CREATE INDEX ByName ON People (Name)");

        var plan = Plan(db, "SELECT * FROM People WHERE Name = 'Bob'");
        Assert.Equal(("index seek", "ByName"), (plan["access"].AsString, plan["index"].AsString));
        Assert.Equal(scanned, SqlDatabase.Rows(db, ByName));
        Assert.Equal("2,6", SqlDatabase.Column(db, ByName));
        Assert.Equal(2L, db.GetCollection("People").CountBy("ByName", "ann") + db.GetCollection("People").CountBy("ByName", "Bob"));
        Assert.Contains(db.GetCollection("People").Indexes, d => d.Name == "ByName" && d.Paths.SequenceEqual(["Name"]));
        Assert.Equal("ByName", SqlDatabase.Column(db, "SELECT name FROM docstore_indexes WHERE collection = 'People' AND path = 'Name'"));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_handle_taken_before_the_create_maintains_the_new_index()
    {
        using var db = SqlDatabase.People();
        var people = db.GetCollection("People");
        db.Sql.Execute("CREATE INDEX ByZip ON People (Address.Zip)");

        people.Insert(new BsonDocument { { "_id", 7 }, { "Name", "Gus" }, { "Email", "gus@x.org" }, { "Address", new BsonDocument { { "Zip", "5003" } } } });
        people.Update(new BsonDocument { { "_id", 1 }, { "Name", "Ann" }, { "Email", "ann@x.org" }, { "Address", new BsonDocument { { "Zip", "5003" } } } });
        people.Delete(2);

        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        Assert.Equal([1, 7], people.Find("ByZip", "5003").Select(d => d["_id"].AsInt32));
        Assert.Equal("1,7", SqlDatabase.Column(db, "SELECT _id FROM People WHERE Address.Zip = '5003' ORDER BY _id"));
        Assert.Equal("index seek", Plan(db, "SELECT * FROM People WHERE Address.Zip = '5003'")["access"].AsString);
    }

    [Fact]
    public void A_handle_taken_before_the_drop_stops_maintaining_the_dropped_index()
    {
        using var db = SqlDatabase.People();
        var people = db.GetCollection("People");
        db.Sql.Execute("DROP INDEX People.Age");

        people.Insert(new BsonDocument { { "_id", 7 }, { "Name", "Gus" }, { "Email", "gus@x.org" }, { "Age", 50 } });
        people.Delete(1);
        db.Sql.Execute("UPDATE People SET Age = 60 WHERE _id = 2");

        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
        Assert.DoesNotContain(people.Indexes, d => d.Name == "Age");
        Assert.Throws<ArgumentException>(() => people.Find("Age", 50));
        Assert.Equal("full scan", Plan(db, "SELECT * FROM People WHERE Age = 50")["access"].AsString);
        Assert.Equal("7", SqlDatabase.Column(db, "SELECT _id FROM People WHERE Age = 50"));
    }

    [Fact]
    public void Drop_index_removes_the_index_and_queries_go_back_to_a_scan()
    {
        using var db = SqlDatabase.People();
        var seeking = SqlDatabase.Rows(db, "SELECT _id FROM People WHERE Address.City = 'Oslo' ORDER BY _id");
        Assert.Equal("AddressCityName", Plan(db, "SELECT * FROM People WHERE Address.City = 'Oslo'")["index"].AsString);

        db.Sql.Execute("DROP INDEX People.AddressCityName");

        Assert.Equal("full scan", Plan(db, "SELECT * FROM People WHERE Address.City = 'Oslo'")["access"].AsString);
        Assert.Equal(seeking, SqlDatabase.Rows(db, "SELECT _id FROM People WHERE Address.City = 'Oslo' ORDER BY _id"));
        Assert.Equal(string.Empty, SqlDatabase.Column(db, "SELECT name FROM docstore_indexes WHERE name = 'AddressCityName'"));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_unique_index_over_duplicate_values_is_refused_and_leaves_nothing()
    {
        using var db = SqlDatabase.People();
        db.GetCollection("People").Insert(new BsonDocument { { "_id", 7 }, { "Name", "Bob" }, { "Email", "bob2@x.org" } });

        var error = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("CREATE UNIQUE INDEX ByName ON People (Name)"));

        Assert.Contains("'ByName'", error.Message, StringComparison.Ordinal);
        Assert.Contains("Bob", error.Message, StringComparison.Ordinal);
        Assert.DoesNotContain(db.GetCollection("People").Indexes, d => d.Name == "ByName");
        Assert.Equal(string.Empty, SqlDatabase.Column(db, "SELECT name FROM docstore_indexes WHERE name = 'ByName'"));
        Assert.Equal("full scan", Plan(db, "SELECT * FROM People WHERE Name = 'Bob'")["access"].AsString);
        db.GetCollection("People").Insert(new BsonDocument { { "_id", 8 }, { "Name", "Bob" }, { "Email", "bob3@x.org" } });
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_multikey_path_indexes_each_element()
    {
        using var db = SqlDatabase.People();
        db.Sql.Execute("CREATE INDEX BySku ON Orders (Lines[].Sku)");

        Assert.Contains(db.GetCollection("Orders").Indexes, d => d.Name == "BySku" && d.Multikey);
        Assert.Equal("index seek", Plan(db, "SELECT * FROM Orders WHERE Lines[].Sku = 'B-2'")["access"].AsString);
        Assert.Equal("100", SqlDatabase.Column(db, "SELECT _id FROM Orders WHERE Lines[].Sku = 'B-2'"));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void Errors_name_the_collection_and_index_and_change_nothing()
    {
        using var db = SqlDatabase.People();
        var taken = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE INDEX Age ON People (Name)"));
        Assert.Equal(DocStoreErrorCode.SqlNameTaken, taken.ErrorCode);
        Assert.Contains("'People' already has an index named 'Age'", taken.Message, StringComparison.Ordinal);

        var collection = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE INDEX ByName ON Peeple (Name)"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, collection.ErrorCode);
        Assert.Contains("Unknown collection 'Peeple'", collection.Message, StringComparison.Ordinal);

        var index = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("DROP INDEX People.ByNothing"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, index.ErrorCode);
        Assert.Contains("Collection 'People' has no index named 'ByNothing'", index.Message, StringComparison.Ordinal);

        var path = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE UNIQUE INDEX ByTag ON People (Tags[])"));
        Assert.Contains("'ByTag'", path.Message, StringComparison.Ordinal);

        var schema = Assert.Throws<DocumentSchemaException>(() => db.Sql.Execute("CREATE INDEX ByAddress ON People (Address)"));
        Assert.Contains("Address", schema.Message, StringComparison.Ordinal);

        Assert.Equal("Email,Age,Tags,AddressCityName", string.Join(",", db.GetCollection("People").Indexes.Select(d => d.Name)));
        Assert.Equal("4", SqlDatabase.Column(db, "SELECT COUNT(*) FROM docstore_indexes WHERE collection = 'People'"));
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void If_not_exists_and_if_exists_make_repeats_harmless()
    {
        using var db = SqlDatabase.People();
        db.Sql.Execute("CREATE INDEX IF NOT EXISTS ByName ON People (Name)");
        db.Sql.Execute("CREATE INDEX IF NOT EXISTS ByName ON People (Name)");
        Assert.Single(db.GetCollection("People").Indexes, d => d.Name == "ByName");
        db.Sql.Execute("DROP INDEX IF EXISTS People.ByName");
        db.Sql.Execute("DROP INDEX IF EXISTS People.ByName");
        db.Sql.Execute("DROP INDEX IF EXISTS Nowhere.ByName");
        Assert.DoesNotContain(db.GetCollection("People").Indexes, d => d.Name == "ByName");
    }

    [Fact]
    public void Index_statements_are_refused_inside_an_explicit_transaction()
    {
        using var db = SqlDatabase.People();
        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN");
        var error = Assert.Throws<SqlExecutionException>(() => session.Execute("CREATE INDEX ByName ON People (Name)"));
        Assert.Equal(DocStoreErrorCode.SqlTransaction, error.ErrorCode);
        Assert.Contains("CREATE INDEX inside a transaction", error.Message, StringComparison.Ordinal);
        session.Execute("ROLLBACK");
        Assert.DoesNotContain(db.GetCollection("People").Indexes, d => d.Name == "ByName");
    }

    [Fact]
    public void A_collection_owned_by_an_open_typed_model_is_refused()
    {
        using var db = CrashDb.OpenInMemory();
        db.CrashItems.Insert(new CrashItem { Id = 1, Code = "c1" });
        var create = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE INDEX ByVersion ON CrashItems (Version)"));
        Assert.Equal(DocStoreErrorCode.SqlIndexOwned, create.ErrorCode);
        Assert.Contains("[Index]", create.Message, StringComparison.Ordinal);
        var drop = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("DROP INDEX CrashItems.Code"));
        Assert.Equal(DocStoreErrorCode.SqlIndexOwned, drop.ErrorCode);
        Assert.Equal(1, db.CrashItems.FindByCode("c1")!.Id);
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void The_index_is_there_after_reopening_the_file()
    {
        var path = Path.Combine(Path.GetTempPath(), $"docstore-ddl-{Guid.NewGuid():N}.db");
        try
        {
            using (var db = DocStoreDatabase.Open(path))
            {
                var notes = db.GetCollection("Notes");
                notes.Insert(new BsonDocument { { "_id", 1 }, { "Title", "a" } });
                notes.Insert(new BsonDocument { { "_id", 2 }, { "Title", "b" } });
                db.Sql.Execute("CREATE UNIQUE INDEX ByTitle ON Notes (Title)");
            }

            using (var db = DocStoreDatabase.Open(path))
            {
                var notes = db.GetCollection("Notes");
                Assert.Contains(notes.Indexes, d => d.Name == "ByTitle" && d.Unique);
                Assert.Equal(2, notes.FindOne("ByTitle", "b")!["_id"].AsInt32);
                Assert.Throws<DuplicateKeyException>(() => notes.Insert(new BsonDocument { { "_id", 3 }, { "Title", "a" } }));
                Assert.Equal("index seek", Plan(db, "SELECT * FROM Notes WHERE Title = 'a'")["access"].AsString);
                Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
            }
        }
        finally
        {
            foreach (var file in Directory.GetFiles(Path.GetDirectoryName(path)!, Path.GetFileName(path) + "*"))
            {
                File.Delete(file);
            }
        }
    }

    [Fact]
    public void Another_context_on_the_same_file_maintains_the_index_created_through_this_one()
    {
        var path = Path.Combine(Path.GetTempPath(), $"docstore-ddl-{Guid.NewGuid():N}.db");
        try
        {
            using (var first = DocStoreDatabase.Open(path))
            using (var second = DocStoreDatabase.Open(path))
            {
                var notes = second.GetCollection("Notes");
                notes.Insert(new BsonDocument { { "_id", 1 }, { "Title", "a" } });
                first.Sql.Execute("CREATE UNIQUE INDEX ByTitle ON Notes (Title)");

                Assert.Throws<DuplicateKeyException>(() => notes.Insert(new BsonDocument { { "_id", 2 }, { "Title", "a" } }));
                second.Sql.Execute("INSERT INTO Notes (_id, Title) VALUES (3, 'c')");
                notes.Insert(new BsonDocument { { "_id", 4 }, { "Title", "d" } });
                Assert.Equal(3, first.GetCollection("Notes").FindOne("ByTitle", "c")!["_id"].AsInt32);
                Assert.True(first.CheckIntegrity().IsValid, first.CheckIntegrity().ToString());
                Assert.True(second.CheckIntegrity().IsValid, second.CheckIntegrity().ToString());

                first.Sql.Execute("DROP INDEX Notes.ByTitle");
                notes.Insert(new BsonDocument { { "_id", 5 }, { "Title", "a" } });
                Assert.True(second.CheckIntegrity().IsValid, second.CheckIntegrity().ToString());
            }
        }
        finally
        {
            foreach (var file in Directory.GetFiles(Path.GetDirectoryName(path)!, Path.GetFileName(path) + "*"))
            {
                File.Delete(file);
            }
        }
    }

    [Fact]
    public void A_query_running_on_a_snapshot_from_before_the_drop_finishes()
    {
        using var db = SqlDatabase.People();
        using var rows = db.Sql.ExecuteReader("SELECT _id FROM People WHERE Age > 0 ORDER BY Age");
        Assert.True(rows.Read());
        db.Sql.Execute("DROP INDEX People.Age");
        db.GetCollection("People").Insert(new BsonDocument { { "_id", 7 }, { "Name", "Gus" }, { "Email", "gus@x.org" }, { "Age", 50 } });
        var count = 1;
        while (rows.Read())
        {
            count++;
        }

        Assert.Equal(4, count);
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    private static BsonDocument Plan(DocStoreContext db, string sql) => Assert.Single(db.Sql.Query("EXPLAIN " + sql));
}
