using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Writes;

/// <summary>INSERT OR REPLACE, REPLACE INTO and ON CONFLICT DO UPDATE, DEFAULT expressions, and collated uniqueness and index use on tables.</summary>
public sealed class UpsertTests
{
    [Fact]
    public void Or_replace_deletes_every_row_the_new_one_conflicts_with()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a INT UNIQUE, b TEXT UNIQUE)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 10, 'x'), (2, 20, 'y'), (3, 30, 'z')");

        var changed = db.Sql.Execute("INSERT OR REPLACE INTO t VALUES (4, 10, 'y')");

        Assert.Equal(1, changed);
        Assert.Equal("3,30,z;4,10,y", Rows(db, "SELECT id, a, b FROM t ORDER BY id"));
    }

    [Fact]
    public void Replace_into_takes_the_default_for_a_null_in_a_not_null_column()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, n INT NOT NULL DEFAULT (6 * 7))");
        db.Sql.Execute("REPLACE INTO t VALUES (1, NULL)");
        Assert.Equal("1,42", Rows(db, "SELECT id, n FROM t"));
    }

    [Fact]
    public void Do_update_changes_the_conflicting_row_with_excluded_values_and_honours_its_where()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, hits INT DEFAULT 0)");
        db.Sql.Execute("INSERT INTO t (id, name) VALUES (1, 'a')");

        Assert.Equal(1, db.Sql.Execute("INSERT INTO t (id, name, hits) VALUES (2, 'a', 5) ON CONFLICT (name) DO UPDATE SET hits = hits + excluded.hits"));
        Assert.Equal(0, db.Sql.Execute("INSERT INTO t (id, name, hits) VALUES (2, 'a', 5) ON CONFLICT (name) DO UPDATE SET hits = 0 WHERE excluded.hits > 9"));

        Assert.Equal("1,a,5", Rows(db, "SELECT id, name, hits FROM t"));
    }

    [Fact]
    public void A_conflict_on_another_constraint_than_the_target_fails_and_changes_nothing()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, hits INT DEFAULT 0)");
        db.Sql.Execute("INSERT INTO t (id, name) VALUES (1, 'a'), (2, 'b')");

        var error = Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t (id, name) VALUES (3, 'a'), (1, 'c') ON CONFLICT (name) DO UPDATE SET hits = 1"));

        Assert.Equal("t", error.Collection);
        Assert.Equal("1,a,0;2,b,0", Rows(db, "SELECT id, name, hits FROM t ORDER BY id"));
    }

    [Fact]
    public void A_target_that_matches_no_unique_constraint_is_refused_by_name()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, hits INT)");
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO t (id) VALUES (1) ON CONFLICT (hits) DO NOTHING"));
        Assert.Contains("ON CONFLICT (hits)", error.Message, StringComparison.Ordinal);
        Assert.Contains("(name)", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_nocase_unique_column_refuses_a_value_equal_ignoring_case_and_its_index_answers_nocase_comparisons()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, s TEXT COLLATE NOCASE UNIQUE, r TEXT COLLATE RTRIM UNIQUE)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 'Abc', 'x'), (2, 'b', 'y ')");

        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES (3, 'ABC', 'z')"));
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES (3, 'c', 'y')"));

        Assert.Equal("1", SqlDatabase.Column(db, "SELECT id FROM t WHERE s = 'aBC'"));
        var plan = Assert.Single(db.Sql.Query("EXPLAIN SELECT id FROM t WHERE s = 'aBC'"));
        Assert.Equal("UNIQUE (s)", plan["index"].AsString);
        var range = Assert.Single(db.Sql.Query("EXPLAIN SELECT id FROM t WHERE s >= 'B'"));
        Assert.Equal("UNIQUE (s)", range["index"].AsString);
        Assert.Equal("2", SqlDatabase.Column(db, "SELECT id FROM t WHERE s >= 'B'"));

        // A BINARY comparison cannot seek the folded keys: it scans.
        var binary = Assert.Single(db.Sql.Query("EXPLAIN SELECT id FROM t WHERE s = 'aBC' COLLATE BINARY"));
        Assert.True(binary["index"].IsNull);
        Assert.Equal(string.Empty, SqlDatabase.Column(db, "SELECT id FROM t WHERE s = 'aBC' COLLATE BINARY"));
    }

    [Fact]
    public void A_unique_index_on_a_nocase_column_is_built_and_kept_under_nocase()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (tag TEXT COLLATE NOCASE, n INT)");
        db.Sql.Execute("INSERT INTO t VALUES ('Red', 1), ('red', 2)");
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("CREATE UNIQUE INDEX t_tag ON t (tag)"));
        db.Sql.Execute("DELETE FROM t WHERE n = 2");
        db.Sql.Execute("CREATE UNIQUE INDEX t_tag ON t (tag)");
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO t VALUES ('RED', 3)"));
        db.Sql.Execute("INSERT INTO t VALUES ('RED', 3) ON CONFLICT (tag) DO UPDATE SET n = excluded.n * 10");
        Assert.Equal("Red,30", Rows(db, "SELECT tag, n FROM t"));
    }

    [Fact]
    public void Default_expressions_are_evaluated_per_row_and_the_time_once_per_statement()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, a INT DEFAULT (1 + 2), b TEXT DEFAULT (upper('x') || 'y'), made TEXT DEFAULT CURRENT_TIMESTAMP, day TEXT DEFAULT CURRENT_DATE)");
        db.Sql.Execute("INSERT INTO t (id) VALUES (1), (2), (3)");

        Assert.Equal("3,Xy;3,Xy;3,Xy", Rows(db, "SELECT a, b FROM t ORDER BY id"));
        Assert.Equal("1,19,10", Rows(db, "SELECT COUNT(DISTINCT made), MIN(length(made)), MIN(length(day)) FROM t"));
        Assert.Equal("1", SqlDatabase.Column(db, "SELECT COUNT(*) FROM t WHERE substr(made, 1, 10) = day AND id = 1"));
    }

    [Fact]
    public void A_default_that_is_not_constant_is_refused_when_the_table_is_created()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        Assert.ThrowsAny<DocStoreException>(() => db.Sql.Execute("CREATE TABLE t (a INT, b INT DEFAULT (a + 1))"));
        Assert.ThrowsAny<DocStoreException>(() => db.Sql.Execute("CREATE TABLE t (a INT, b INT DEFAULT ((SELECT 1)))"));
        Assert.Equal(string.Empty, SqlDatabase.Column(db, "SELECT name FROM docstore_collections WHERE name = 't'"));
    }

    [Fact]
    public void A_failing_upsert_inside_a_transaction_leaves_the_transaction_usable_and_unchanged()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT UNIQUE, n INT NOT NULL)");
        db.Sql.Execute("INSERT INTO t VALUES (1, 'a', 1)");
        using var session = db.Sql.OpenSession();
        session.Execute("BEGIN");
        session.Execute("INSERT OR REPLACE INTO t VALUES (2, 'a', 2)");
        Assert.ThrowsAny<DocStoreException>(() => session.Execute("INSERT OR REPLACE INTO t VALUES (3, 'b', 3), (4, 'c', NULL)"));
        session.Execute("COMMIT");
        Assert.Equal("2,a,2", Rows(db, "SELECT id, name, n FROM t ORDER BY id"));
    }

    /// <summary>The rows as "a,b;c,d", strings without quotes.</summary>
    private static string Rows(DocStoreContext db, string sql) =>
        SqlDatabase.Rows(db, sql).Replace("\"", string.Empty, StringComparison.Ordinal).Replace(" | ", ",", StringComparison.Ordinal).Replace("\n", ";", StringComparison.Ordinal);
}
