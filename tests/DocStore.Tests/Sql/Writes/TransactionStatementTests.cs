using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Writes;

/// <summary>BEGIN, COMMIT and ROLLBACK through a session and inside one script, and statement atomicity inside a transaction.</summary>
public sealed class TransactionStatementTests
{
    [Fact]
    public void Begin_then_rollback_in_a_session_discards_the_writes()
    {
        using var db = SqlDatabase.People();
        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN");
        Assert.NotNull(session.Transaction);
        session.Execute("DELETE FROM People WHERE _id = 1");
        Assert.Equal("Ann", SqlDatabase.Column(db, "SELECT Name FROM People WHERE _id = 1"));
        Assert.Empty(session.Query("SELECT * FROM People WHERE _id = 1"));
        session.Execute("ROLLBACK");
        Assert.Null(session.Transaction);
        Assert.Equal(6, db.GetCollection("People").Count());
    }

    [Fact]
    public void Begin_then_commit_in_a_session_makes_the_writes_visible()
    {
        using var db = SqlDatabase.People();
        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN TRANSACTION; INSERT INTO People (_id, Name) VALUES (30, 'Ivy'); UPDATE People SET Age = 1 WHERE _id = 30");
        Assert.Null(db.GetCollection("People").Get(30));
        session.Execute("COMMIT");
        Assert.Equal(1, db.GetCollection("People").Get(30)!["Age"].AsInt32);
    }

    [Fact]
    public void A_script_runs_begin_to_commit_within_one_call_and_an_open_one_rolls_back()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(4, db.Sql.Execute("BEGIN; INSERT INTO People (_id, Name) VALUES (40, 'Jo'); DELETE FROM People WHERE _id = 40 OR _id = 1; INSERT INTO People (_id) VALUES (41); COMMIT;"));
        Assert.NotNull(db.GetCollection("People").Get(41));
        Assert.Null(db.GetCollection("People").Get(1));
        db.Sql.Execute("BEGIN; DELETE FROM People");
        Assert.Equal(6, db.GetCollection("People").Count());
    }

    [Fact]
    public void Commit_or_rollback_without_begin_and_a_nested_begin_are_errors()
    {
        using var db = SqlDatabase.People();
        var commit = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("COMMIT"));
        Assert.Equal(DocStoreErrorCode.SqlTransaction, commit.ErrorCode);
        Assert.Contains("COMMIT without BEGIN", commit.Message, StringComparison.Ordinal);
        Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("ROLLBACK"));
        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN");
        var nested = Assert.Throws<SqlExecutionException>(() => session.Execute("BEGIN"));
        Assert.Equal(DocStoreErrorCode.SqlTransaction, nested.ErrorCode);
        session.Execute("ROLLBACK");
    }

    [Fact]
    public void A_failing_statement_inside_a_transaction_changes_nothing_and_the_transaction_goes_on()
    {
        using var db = SqlDatabase.People();
        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN");
        session.Execute("INSERT INTO People (_id, Name) VALUES (50, 'Kim')");
        Assert.Throws<DuplicateKeyException>(() => session.Execute("INSERT INTO People (_id, Name) VALUES (51, 'Lee'), (50, 'again')"));
        Assert.Throws<DuplicateKeyException>(() => session.Execute("UPDATE People SET Email = 'ann@x.org' WHERE _id = 50"));
        session.Execute("UPDATE People SET Name = 'Kim2' WHERE _id = 50");
        session.Execute("COMMIT");
        var people = db.GetCollection("People");
        Assert.Equal("Kim2", people.Get(50)!["Name"].AsString);
        Assert.Null(people.Get(51));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Sql_writes_join_a_transaction_the_caller_set_and_typed_writes_see_them()
    {
        using var db = SqlDatabase.People();
        var people = db.GetCollection("People");
        using var transaction = db.BeginTransaction();
        using var session = db.Sql.OpenSession();
        session.Transaction = transaction;
        session.Execute("INSERT INTO People (_id, Name) VALUES (60, 'Max')");
        Assert.Equal("Max", people.Get(transaction, 60)!["Name"].AsString);
        Assert.Throws<SqlExecutionException>(() => session.Execute("COMMIT"));
        transaction.Rollback();
        Assert.Null(people.Get(60));
    }

    [Fact]
    public void Writes_open_a_collection_not_yet_open_inside_the_transaction()
    {
        var path = Path.Combine(Path.GetTempPath(), $"sqlw-{Guid.NewGuid():N}.db");
        try
        {
            using (var setup = DocStoreDatabase.Open(path))
            {
                setup.GetCollection("Items", IndexDefinition.UniqueOn("Code")).Insert(new Bson.Model.BsonDocument { { "_id", 1 }, { "Code", "a" } });
            }

            using var db = DocStoreDatabase.Open(path);
            using var session = db.Sql.OpenSession();
            session.Execute("BEGIN; INSERT INTO Items (_id, Code) VALUES (2, 'b'); COMMIT");
            Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO Items (_id, Code) VALUES (3, 'a')"));
            Assert.Equal("b", db.GetCollection("Items").FindOne("Code", "b")!["Code"].AsString);
            Assert.True(db.CheckIntegrity().IsValid);
        }
        finally
        {
            foreach (var file in Directory.GetFiles(Path.GetTempPath(), Path.GetFileName(path) + "*"))
            {
                File.Delete(file);
            }
        }
    }
}
