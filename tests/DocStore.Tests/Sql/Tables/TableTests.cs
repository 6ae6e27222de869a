using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;
using DocStore.Tests.Support;

namespace DocStore.Tests.Sql.Tables;

/// <summary>CREATE TABLE with columns: what the catalog keeps, how writes store values, what * returns.</summary>
public sealed class TableTests
{
    [Fact]
    public void Declared_columns_survive_reopen_and_order_star_and_insert()
    {
        using var directory = new TempDirectory();
        var file = directory.File("tables.db");
        using (var db = DocStoreDatabase.Open(file))
        {
            db.Sql.Execute("CREATE TABLE t (b TEXT, a INTEGER, c)");
        }

        using (var db = DocStoreDatabase.Open(file))
        {
            db.Sql.Execute("INSERT INTO t VALUES (1, '2', 'three')");
            using var rows = db.Sql.ExecuteReader("SELECT * FROM t");
            Assert.Equal(["b", "a", "c"], Enumerable.Range(0, rows.FieldCount).Select(rows.GetName));
            Assert.True(rows.Read());
            Assert.Equal(new BsonString("1"), rows.GetValue(0));
            Assert.Equal(2L, Int(rows.GetValue(1)));
            Assert.Equal(new BsonString("three"), rows.GetValue(2));
            Assert.False(rows.IsWholeDocument);
        }
    }

    [Fact]
    public void Values_are_stored_with_the_column_affinity()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (i INT, r REAL, n NUMERIC, s VARCHAR(5), x)");
        db.Sql.Execute("INSERT INTO t VALUES ('10', 3, '3.0e2', 4.5, '7')");
        var stored = Stored(db);
        Assert.Equal(new BsonInt32(10), stored["i"]);
        Assert.Equal(new BsonDouble(3), stored["r"]);
        Assert.Equal(new BsonInt32(300), stored["n"]);
        Assert.Equal(new BsonString("4.5"), stored["s"]);
        Assert.Equal(new BsonString("7"), stored["x"]);

        db.Sql.Execute("UPDATE t SET i = '11', s = 12 WHERE i = '10'");
        stored = Stored(db);
        Assert.Equal(new BsonInt32(11), stored["i"]);
        Assert.Equal(new BsonString("12"), stored["s"]);
    }

    [Fact]
    public void An_integer_primary_key_is_the_key_and_is_numbered_when_left_out()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE p (id INTEGER PRIMARY KEY, name TEXT)");
        db.Sql.Execute("INSERT INTO p (name) VALUES ('a'); INSERT INTO p VALUES (NULL, 'b'); INSERT INTO p VALUES (7, 'c'); INSERT INTO p (name) VALUES ('d')");
        Assert.Equal("id", db.GetCollection("p").KeyField);
        Assert.Equal("1,2,7,8", SqlDatabase.Column(db, "SELECT id FROM p ORDER BY id"));
        Assert.Equal("key seek", Access(db, "EXPLAIN SELECT name FROM p WHERE id = '7'"));
        Assert.Throws<DuplicateKeyException>(() => db.Sql.Execute("INSERT INTO p VALUES (7, 'again')"));
    }

    [Fact]
    public void A_table_without_an_integer_primary_key_hides_its_generated_key()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (code TEXT PRIMARY KEY, n INT UNIQUE)");
        db.Sql.Execute("INSERT INTO t VALUES ('x', 1), ('y', 2)");
        Assert.Equal("code,n", string.Join(",", db.Sql.Query("SELECT * FROM t")[0].Names));
        Assert.Equal("_id", db.GetCollection("t").KeyField);
    }

    [Fact]
    public void Defaults_fill_left_out_columns_and_not_null_refuses_without_writing()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INT NOT NULL, b TEXT DEFAULT 'none', c REAL DEFAULT (-1), d DEFAULT NULL)");
        db.Sql.Execute("INSERT INTO t (a) VALUES (1)");
        var row = db.Sql.Query("SELECT a, b, c, d FROM t").Single();
        Assert.Equal((1L, "none", -1.0, true), (Int(row["a"]), row["b"].AsString, row["c"].AsDouble, row["d"] is BsonNull));

        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO t (a) VALUES (2), (NULL)"));
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains("NOT NULL constraint failed: t.a", error.Message, StringComparison.Ordinal);
        Assert.Equal(1L, Int(db.Sql.ExecuteScalar("SELECT COUNT(*) FROM t")));
        Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("UPDATE t SET a = NULL"));
        Assert.Equal("1", SqlDatabase.Column(db, "SELECT a FROM t"));
    }

    [Theory]
    [InlineData("CREATE TABLE t (a INT CHECK (a > 0))", "CHECK constraints are not supported", 23)]
    [InlineData("CREATE TABLE t (a INT, CHECK (a > 0))", "CHECK constraints are not supported", 24)]
    [InlineData("CREATE TABLE t (a TEXT COLLATE FRENCH)", "COLLATE FRENCH is not supported", 24)]
    [InlineData("CREATE TABLE t (a INT UNIQUE ON CONFLICT REPLACE)", "ON CONFLICT clauses are not supported", 30)]
    [InlineData("CREATE TABLE t (a INT GENERATED ALWAYS AS (1))", "generated columns are not supported", 23)]
    [InlineData("CREATE TABLE t (a INT DEFAULT ((SELECT 1)))", "DEFAULT of column 'a' is not constant", 31)]
    public void Unsupported_clauses_are_named_at_their_place_and_create_nothing(string sql, string message, int column)
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute(sql));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, error.ErrorCode);
        Assert.Contains(message, error.Message, StringComparison.Ordinal);
        Assert.Equal(column, error.Column);
        Assert.Empty(db.GetCollectionNames());
    }

    [Fact]
    public void Accepted_constraints_and_options_create_the_table()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("""
            CREATE TABLE t (
                id INTEGER CONSTRAINT pk PRIMARY KEY ASC AUTOINCREMENT,
                name VARCHAR(20) NOT NULL COLLATE BINARY,
                owner INT REFERENCES people (id) ON DELETE CASCADE,
                price DECIMAL(10, 2) NULL DEFAULT 0,
                UNIQUE (name, owner),
                FOREIGN KEY (owner) REFERENCES people (id)
            ) WITHOUT ROWID
            """);
        db.Sql.Execute("INSERT INTO t (name, owner, price) VALUES ('a', '3', '1.50')");
        var row = db.Sql.Query("SELECT * FROM t").Single();
        Assert.Equal("id,name,owner,price", string.Join(",", row.Names));
        Assert.Equal((1L, "a", 3L, 1.5), (Int(row["id"]), row["name"].AsString, Int(row["owner"]), row["price"].AsDouble));
    }

    [Fact]
    public void Duplicate_columns_are_refused()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("CREATE TABLE t (a, b, A)"));
        Assert.Equal(DocStoreErrorCode.SqlNameTaken, error.ErrorCode);
        Assert.Empty(db.GetCollectionNames());
    }

    [Fact]
    public void A_collection_without_columns_keeps_documents()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE IF NOT EXISTS Notes");
        db.Sql.Execute("""INSERT INTO Notes VALUES ({"_id": 1, "Title": "x"})""");
        using var rows = db.Sql.ExecuteReader("SELECT * FROM Notes");
        Assert.True(rows.IsWholeDocument);
        Assert.True(rows.Read());
        Assert.Equal("x", rows.ToDocument()["Title"].AsString);
        var refused = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO Notes SELECT Title FROM Notes"));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, refused.ErrorCode);
    }

    [Fact]
    public void Insert_select_reads_every_row_before_writing()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INT, b TEXT); INSERT INTO t VALUES (1, 'x'), (2, 'y')");
        Assert.Equal(2, db.Sql.Execute("INSERT INTO t SELECT a + 10, b FROM t"));
        Assert.Equal(4, db.Sql.Execute("INSERT INTO t (b) SELECT a FROM t"));
        Assert.Equal("1,11,12,2", SqlDatabase.Column(db, "SELECT b FROM t WHERE a IS NULL ORDER BY a, b"));
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO t SELECT a FROM t"));
        Assert.Contains("needs 2", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Index_columns_take_asc_and_desc()
    {
        using var db = DocStoreDatabase.OpenInMemory();
        db.Sql.Execute("CREATE TABLE t (a INT, b TEXT); CREATE INDEX ab ON t (a DESC, b ASC); INSERT INTO t VALUES (2, 'x'), (1, 'y')");
        Assert.Equal("index seek", Access(db, "EXPLAIN SELECT b FROM t WHERE a = 2"));
        Assert.Equal("y,x", SqlDatabase.Column(db, "SELECT b FROM t ORDER BY a"));
    }

    private static long Int(BsonValue value) => value switch
    {
        BsonInt32 i => i.Value,
        BsonInt64 l => l.Value,
        _ => throw new InvalidOperationException($"{value} is not an integer"),
    };

    /// <summary>The one document of table t, read past SQL (so the stored types show).</summary>
    private static BsonDocument Stored(DocStoreDatabase db) => db.GetCollection("t").Get(db.Sql.ExecuteScalar("SELECT _id FROM t"))!;

    private static string Access(DocStoreContext db, string sql) => db.Sql.Query(sql)[0]["access"].AsString;
}
