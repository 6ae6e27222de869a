using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;
using DocStore.Tests.Support;

namespace DocStore.Tests.Sql.Tables;

/// <summary>UNIQUE and PRIMARY KEY constraints of CREATE TABLE, enforced as SQLite enforces them: NULLs are distinct.</summary>
public sealed class ConstraintTests
{
    [Fact]
    public void A_unique_column_refuses_a_taken_value_and_the_statement_inserts_nothing()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, email TEXT UNIQUE)");
        db.Sql.Execute("INSERT INTO t (email) VALUES ('a@x'), ('b@x')");

        var error = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t (email) VALUES ('c@x'), ('d@x'), ('a@x')"));
        Assert.Equal("t", error.Collection);
        Assert.Equal("UNIQUE (email)", error.Index);
        Assert.Contains("a@x", error.Value, StringComparison.Ordinal);
        Assert.Equal("a@x,b@x", SqlDatabase.Column(db, "SELECT email FROM t ORDER BY id"));
    }

    [Fact]
    public void Two_rows_of_one_statement_may_not_share_a_value()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (n INT UNIQUE)");
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES (1), (2), ('1')"));
        Assert.Equal(0L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t")));
    }

    [Fact]
    public void Nulls_are_distinct_in_unique_columns_and_in_a_non_integer_primary_key()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (code TEXT PRIMARY KEY, n INT UNIQUE, m INT)");
        db.Sql.Execute("INSERT INTO t VALUES (NULL, NULL, 1), (NULL, NULL, 2), ('a', NULL, 3)");
        db.Sql.Execute("INSERT INTO t (m) VALUES (4)");
        Assert.Equal(4L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t")));
        var error = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES ('a', 5, 5)"));
        Assert.Equal("PRIMARY KEY (code)", error.Index);
    }

    [Fact]
    public void A_composite_unique_constraint_checks_the_combination_unless_a_part_is_null()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INT, b TEXT, c, CONSTRAINT ab UNIQUE (a, b))");
        db.Sql.Execute("INSERT INTO t VALUES (1, 'x', 0), (1, 'y', 0), (2, 'x', 0), (1, NULL, 0), (1, NULL, 0)");
        var error = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES (1, 'y', 1)"));
        Assert.Equal("UNIQUE (a, b)", error.Index);
        Assert.Equal(5L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t")));
    }

    [Fact]
    public void An_update_that_would_repeat_a_value_changes_nothing()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n INT UNIQUE)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 10), (2, 20), (3, NULL)");
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("UPDATE t SET n = 20 WHERE id = 1"));
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("UPDATE t SET n = 5"));
        Assert.Equal("10,20,null", SqlDatabase.Column(db, "SELECT n FROM t ORDER BY id"));

        db.Sql.Execute("UPDATE t SET n = n + 100 WHERE n IS NOT NULL");
        db.Sql.Execute("UPDATE t SET n = NULL WHERE id < 3");
        Assert.Equal(3L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t WHERE n IS NULL")));
    }

    [Fact]
    public void The_untyped_api_is_held_to_the_constraint_too()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (n INT UNIQUE)");
        var table = db.GetCollection("t");
        table.Insert(new BsonDocument { { "n", 1 } });
        table.Insert(new BsonDocument { { "n", BsonNull.Value } });
        table.Insert(new BsonDocument { { "n", BsonNull.Value } });
        Assert.Throws<DuplicateKeyException>(() => table.Insert(new BsonDocument { { "n", 1 } }));
        Assert.Equal(3L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t")));
    }

    [Fact]
    public void Create_unique_index_on_a_table_fails_on_duplicates_and_allows_repeated_nulls()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INT, b INT)");
        db.Sql.Execute("INSERT INTO t VALUES (1, NULL), (2, NULL), (3, 7), (3, 8)");
        db.Sql.Execute("CREATE UNIQUE INDEX ub ON t (b)");
        var error = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("CREATE UNIQUE INDEX ua ON t (a)"));
        Assert.Equal("ua", error.Index);
        Assert.Equal("ub", SqlDatabase.Column(db, "SELECT name FROM docstore_indexes WHERE collection = 't'"));
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES (9, 7)"));
        db.Sql.Execute("INSERT INTO t VALUES (9, NULL)");
        Assert.True(db.Sql.Query("SELECT \"unique\" AS u FROM docstore_indexes WHERE collection = 't'")[0]["u"].AsBoolean);
    }

    [Fact]
    public void Constraints_survive_reopening()
    {
        using var directory = new TempDirectory();
        var file = directory.File("constraints.db");
        using (var db = DocStoreDatabase.Open(file))
        {
            db.Sql.Execute("CREATE TABLE t (a INT, b TEXT COLLATE NOCASE, PRIMARY KEY (a, b))");
            db.Sql.Execute("INSERT INTO t VALUES (1, 'x')");
        }

        using (var db = DocStoreDatabase.Open(file))
        {
            Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES (1, 'x')"));
            db.Sql.Execute("INSERT INTO t VALUES (1, NULL), (1, NULL)");
            Assert.Equal(3L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t")));
        }
    }

    [Theory]
    [InlineData("CREATE TABLE t (a INT PRIMARY KEY, b INT, PRIMARY KEY (b))", DocStoreErrorCode.SqlNameTaken)]
    [InlineData("CREATE TABLE t (a INT, UNIQUE (c))", DocStoreErrorCode.SqlUnknownName)]
    [InlineData("CREATE TABLE t (a INT, UNIQUE (a, A))", DocStoreErrorCode.SqlNameTaken)]
    public void Malformed_constraints_are_refused_and_create_nothing(string sql, DocStoreErrorCode code)
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute(sql));
        Assert.Equal(code, error.ErrorCode);
        Assert.Empty(db.GetCollectionNames());
    }

    [Fact]
    public void A_table_primary_key_over_one_integer_column_is_the_key()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER, name TEXT, PRIMARY KEY (id))");
        db.Sql.Execute("INSERT INTO t (name) VALUES ('a')");
        Assert.Equal("id", db.GetCollection("t").KeyField);
        Assert.Equal("1", SqlDatabase.Column(db, "SELECT id FROM t"));
    }

    [Fact]
    public void Insert_or_ignore_leaves_out_rows_that_break_a_constraint()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, u INT UNIQUE, n TEXT NOT NULL)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 10, 'a')");
        var inserted = db.Sql.Execute("INSERT OR IGNORE INTO t VALUES (1, 11, 'b'), (2, 10, 'c'), (3, 30, NULL), (4, 40, 'd'), (5, 40, 'e')");
        Assert.Equal(1, inserted);
        Assert.Equal("1,4", SqlDatabase.Column(db, "SELECT id FROM t ORDER BY id"));
    }

    [Fact]
    public void On_conflict_do_nothing_leaves_out_duplicates_but_not_nulls_in_not_null_columns()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, u INT UNIQUE, n TEXT NOT NULL)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 10, 'a')");
        Assert.Equal(1, db.Sql.Execute("INSERT INTO t VALUES (2, 10, 'b'), (3, 30, 'c') ON CONFLICT (u) DO NOTHING"));
        Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO t VALUES (4, 40, NULL) ON CONFLICT DO NOTHING"));
        Assert.Equal("1,3", SqlDatabase.Column(db, "SELECT id FROM t ORDER BY id"));
    }

    [Theory]
    [InlineData("INSERT OR FAIL INTO t VALUES (1)", "INSERT OR FAIL")]
    [InlineData("INSERT OR ROLLBACK INTO t VALUES (1)", "INSERT OR ROLLBACK")]
    public void Other_conflict_resolutions_are_refused_by_name(string sql, string named)
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INT UNIQUE)");
        var error = Assert.Throws<SqlSyntaxException>(() => db.Sql.Execute(sql));
        Assert.Contains(named, error.Message, StringComparison.Ordinal);
    }

    private static long Int(BsonValue value) => value switch
    {
        BsonInt32 i => i.Value,
        BsonInt64 l => l.Value,
        _ => throw new InvalidOperationException($"not an integer: {value}"),
    };
}
