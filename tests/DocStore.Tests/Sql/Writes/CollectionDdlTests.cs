using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Writes;

/// <summary>CREATE, DROP and ALTER ... RENAME TO of a collection (TABLE as a synonym): what they do and refuse.</summary>
public sealed class CollectionDdlTests
{
    [Fact]
    public void Create_table_makes_an_empty_collection_that_takes_rows_and_ignores_column_definitions()
    {
        using var db = DocStoreDatabase.OpenInMemory();

        db.Sql.Execute("CREATE TABLE Notes (_id INTEGER PRIMARY KEY, Title TEXT NOT NULL, Score DECIMAL(5, 2))");

        Assert.Equal(["Notes"], db.GetCollectionNames());
        db.Sql.Execute("INSERT INTO Notes (_id, Title) VALUES (1, 'a'), (2, 'b')");
        Assert.Equal("1 | \"a\"\n2 | \"b\"", SqlDatabase.Rows(db, "SELECT _id, Title FROM Notes ORDER BY _id"));
        var again = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE COLLECTION notes"));
        Assert.Equal(DocStoreErrorCode.SqlNameTaken, again.ErrorCode);
        db.Sql.Execute("CREATE TABLE IF NOT EXISTS Notes (x)");
        db.Sql.Execute("CREATE COLLECTION IF NOT EXISTS Other");
        Assert.Equal(["Notes", "Other"], db.GetCollectionNames());
        Assert.Equal(2L, db.GetCollection("Notes").Count());
    }

    [Fact]
    public void Drop_table_removes_the_collection_and_if_exists_tolerates_a_missing_one()
    {
        using var db = SqlDatabase.People();

        db.Sql.Execute("DROP TABLE orders");
        db.Sql.Execute("DROP TABLE IF EXISTS Orders");
        db.Sql.Execute("DROP COLLECTION IF EXISTS Nothing");

        Assert.Equal(["People"], db.GetCollectionNames());
        var select = Assert.Throws<SqlExecutionException>(() => SqlDatabase.Rows(db, "SELECT * FROM Orders"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, select.ErrorCode);
        var drop = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("DROP COLLECTION Orders"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, drop.ErrorCode);
        Assert.Contains("collections: People", drop.Message);
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void Alter_table_rename_moves_rows_and_indexes_to_the_new_name()
    {
        using var db = SqlDatabase.People();
        var before = SqlDatabase.Rows(db, "SELECT _id, Name FROM People WHERE Age = 31 ORDER BY _id");

        db.Sql.Execute("ALTER TABLE People RENAME TO Persons");

        Assert.Equal(before, SqlDatabase.Rows(db, "SELECT _id, Name FROM Persons WHERE Age = 31 ORDER BY _id"));
        Assert.Equal(4, db.GetCollection("Persons").Indexes.Count);
        Assert.Throws<SqlExecutionException>(() => SqlDatabase.Rows(db, "SELECT * FROM People"));
        var taken = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("ALTER COLLECTION Persons RENAME TO orders"));
        Assert.Equal(DocStoreErrorCode.SqlNameTaken, taken.ErrorCode);
        var missing = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("ALTER COLLECTION People RENAME TO X"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, missing.ErrorCode);
        Assert.Equal(["Orders", "Persons"], db.GetCollectionNames());
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    [Fact]
    public void A_collection_a_typed_model_holds_and_a_transaction_are_refused()
    {
        using var db = CrashDb.OpenInMemory();
        db.CrashItems.Insert(new CrashItem { Id = 1, Code = "c1" });

        var drop = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("DROP TABLE CrashItems"));
        Assert.Equal(DocStoreErrorCode.SqlCollectionOwned, drop.ErrorCode);
        var rename = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("ALTER TABLE CrashItems RENAME TO Other"));
        Assert.Equal(DocStoreErrorCode.SqlCollectionOwned, rename.ErrorCode);

        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN");
        var inside = Assert.Throws<SqlExecutionException>(() => session.Execute("CREATE TABLE T"));
        Assert.Equal(DocStoreErrorCode.SqlTransaction, inside.ErrorCode);
        session.Execute("ROLLBACK");

        Assert.Equal(["CrashItems"], db.GetCollectionNames());
        Assert.Equal(1, db.CrashItems.FindByCode("c1")!.Id);
    }
}
