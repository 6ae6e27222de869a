using System.Collections.Immutable;
using DocStore.Bson.Model;
using DocStore.Generators.Tests.Diagnostics;
using DocStore.Generators.Tests.Infrastructure;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Tests.SqlChecks;

/// <summary>Constant SQL passed to db.Sql is parsed and checked against the model at compile time.</summary>
public class SqlCheckTests
{
    private const string Model = """
        public class Address { public string City { get; set; } = ""; [Field("zip")] public string PostCode { get; set; } = ""; }
        public class Line { public string Sku { get; set; } = ""; public int Quantity { get; set; } }
        [Collection] public partial class Customer
        {
            [Key] public int Id { get; set; }
            [Index(Unique = true)] public string Email { get; set; } = "";
            [Field("full_name")] public string Name { get; set; } = "";
            public Address Address { get; set; } = new();
            public List<string> Tags { get; set; } = new();
            public Dictionary<string, string> Extra { get; set; } = new();
        }
        [Collection] public partial class Order
        {
            [Key] public int Id { get; set; }
            public int CustomerId { get; set; }
            public decimal Total { get; set; }
            public List<Line> Lines { get; set; } = new();
        }
        public partial class Shop : DocStoreContext { }

        """;

    private static Diagnostic Single(string id, string body, DiagnosticSeverity severity = DiagnosticSeverity.Warning) =>
        DiagnosticAssert.Single(id, Model + "public static class Use { public static void Run(Shop db, DocStoreDatabase raw) { " + body + " } }", severity);

    private static ImmutableArray<Diagnostic> Analyze(string body) =>
        TestCompilation.Analyze(DiagnosticAssert.Usings + Model + "public static class Use { public static void Run(Shop db, DocStoreDatabase raw, SqlSession session, string text) { " + body + " } }");

    [Fact]
    public void DOCS020_syntax_error_points_at_the_offending_token()
    {
        Diagnostic d = Single("DOCS020", """db.Sql.Query("SELECT Email, [|FROM|] Customers");""", DiagnosticSeverity.Error);
        Assert.Contains("expected", d.GetMessage(), StringComparison.Ordinal);
        Assert.Contains("found keyword FROM", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS020_at_the_end_of_the_text_points_just_after_the_last_character() =>
        Single("DOCS020", """db.Sql.Execute("DELETE FROM Customers WHERE[||]");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_on_an_untyped_database_is_still_reported() =>
        Single("DOCS020", """raw.Sql.Query("SELECT * FROM x WHERE a = [|)|]");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_in_a_session_is_reported() =>
        Single("DOCS020", """db.Sql.OpenSession().Execute("UPDATE Customers SET Email = 'a' WHERE Id == [|;|] ");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_in_an_async_twin_is_reported() =>
        Single("DOCS020", """_ = db.Sql.QueryAsync("SELECT 1 FROM Customers LIMIT [|)|]");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_after_escapes_in_a_regular_string_lands_on_the_source_characters() =>
        Single("DOCS020", """db.Sql.Query("SELECT Email\r\nFROM Customers\tWHERE Email = 'caf\u00e9' AND [|ORDER|] BY Email");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_in_a_verbatim_string_counts_doubled_quotes_once() =>
        Single("DOCS020", """db.Sql.Query(@"SELECT ""Email"" FROM Customers [|)|]");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_in_a_raw_multi_line_string_maps_through_the_removed_indentation() =>
        Single("DOCS020", "db.Sql.Query(\"\"\"\n        SELECT Email\n        FROM Customers\n        ORDER [|Email|]\n        \"\"\");", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_in_a_concatenation_of_literals_lands_in_the_right_part() =>
        Single("DOCS020", """db.Sql.Query("SELECT Email " + "FROM Customers " + "WHERE [|)|]");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_through_a_const_falls_back_to_the_argument()
    {
        ImmutableArray<Diagnostic> diagnostics = TestCompilation.Analyze(DiagnosticAssert.Usings + Model +
            "public static class Use { const string Bad = \"SELECT FROM\"; public static void Run(Shop db) { db.Sql.Query(Bad); } }");
        Diagnostic d = Assert.Single(diagnostics);
        Assert.Equal("DOCS020", d.Id);
        Assert.Equal("Bad", d.Location.SourceTree!.ToString().Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
    }

    [Fact]
    public void DOCS020_in_a_single_line_raw_string_maps_one_to_one() =>
        Single("DOCS020", "db.Sql.Query(\"\"\"SELECT \"Email\" FROM Customers WHERE Email = [|=|] 'a'\"\"\");", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_unclosed_string_points_at_the_end_of_the_text() =>
        Single("DOCS020", """db.Sql.Query("SELECT * FROM Customers WHERE Email = 'a[||]");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS020_in_a_constant_interpolated_string_covers_the_argument()
    {
        ImmutableArray<Diagnostic> diagnostics = TestCompilation.Analyze(DiagnosticAssert.Usings + Model +
            "public static class Use { const string T = \"Customers\"; public static void Run(Shop db) { db.Sql.Query($\"SELECT * FROM {T} WHERE\"); } }");
        Diagnostic d = Assert.Single(diagnostics);
        Assert.Equal("DOCS020", d.Id);
        Assert.Equal("$\"SELECT * FROM {T} WHERE\"", d.Location.SourceTree!.ToString().Substring(d.Location.SourceSpan.Start, d.Location.SourceSpan.Length));
    }

    [Fact]
    public void DOCS020_lexical_error_points_at_the_character() =>
        Single("DOCS020", """db.Sql.Query("SELECT 12[|a|] FROM Customers");""", DiagnosticSeverity.Error);

    [Fact]
    public void DOCS021_unknown_collection_points_at_the_name()
    {
        Diagnostic d = Single("DOCS021", """db.Sql.Query("SELECT * FROM [|Custmers|]");""");
        Assert.Contains("'Custmers'", d.GetMessage(), StringComparison.Ordinal);
        Assert.Contains("Customers, Orders", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS021_a_quoted_name_must_match_exactly() =>
        Single("DOCS021", """db.Sql.Query("SELECT * FROM [|\"customers\"|]");""");

    [Fact]
    public void DOCS021_in_a_join_and_in_writes() =>
        Assert.Equal(["DOCS021", "DOCS021", "DOCS021"], Analyze("""
            db.Sql.Query("SELECT * FROM Customers c JOIN Ordrs o ON o.CustomerId = c.Id");
            db.Sql.Execute("INSERT INTO Peeple (Email) VALUES ('a')");
            db.Sql.Execute("DROP INDEX Custs.ix");
            """).Select(d => d.Id));

    [Fact]
    public void DOCS022_unknown_field_points_at_the_name()
    {
        Diagnostic d = Single("DOCS022", """db.Sql.Query("SELECT Email FROM Customers WHERE [|Emial|] = ?");""");
        Assert.Contains("'Emial'", d.GetMessage(), StringComparison.Ordinal);
        Assert.Contains("collection 'Customers'", d.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void DOCS022_nested_member_is_checked_in_its_document() =>
        Assert.Contains("'Address' in collection 'Customers'",
            Single("DOCS022", """db.Sql.Query("SELECT Address.[|Town|] FROM Customers");""").GetMessage(), StringComparison.Ordinal);

    [Fact]
    public void DOCS022_the_CSharp_name_of_a_renamed_member_is_unknown() =>
        Single("DOCS022", """db.Sql.Query("SELECT [|PostCode|] FROM Customers");""");

    [Fact]
    public void DOCS022_element_members_of_a_sequence_are_checked() =>
        Single("DOCS022", """db.Sql.Query("SELECT * FROM Orders WHERE Lines[].[|Skew|] = 'x'");""");

    [Fact]
    public void DOCS022_through_an_alias_in_a_join() =>
        Single("DOCS022", """db.Sql.Query("SELECT c.Email FROM Customers c JOIN Orders o ON o.[|Customer|] = c.Id");""");

    [Fact]
    public void DOCS022_in_update_targets_values_and_filters() =>
        Assert.Equal(["DOCS022", "DOCS022", "DOCS022"], Analyze("""
            db.Sql.Execute("UPDATE Customers SET Emai = 'x', full_name = Nam WHERE Idd = 1");
            """).Select(d => d.Id));

    [Fact]
    public void Valid_sql_raises_nothing() =>
        Assert.Empty(Analyze(""""
            db.Sql.Query("SELECT Email, full_name AS n FROM Customers WHERE Address.City = @city AND Tags[] = ? ORDER BY n DESC LIMIT 10");
            db.Sql.Query("SELECT c.Email, o.Total FROM Customers AS c LEFT JOIN Orders o ON o.CustomerId = c.Id WHERE o.Lines[].Sku = :sku");
            db.Sql.Query("select email, ADDRESS.city, address.zip from customers where \"Email\" like '%@x' order by 1");
            db.Sql.Query("SELECT CustomerId, SUM(Total) AS spent FROM Orders GROUP BY CustomerId HAVING SUM(Total) > 10 ORDER BY spent");
            db.Sql.Query("SELECT CustomerId, COUNT(*) FROM Orders GROUP BY CustomerId ORDER BY \"COUNT(*)\" DESC");
            db.Sql.Query("SELECT * FROM Customers WHERE Id IN (SELECT CustomerId FROM Orders WHERE Total > $min)");
            db.Sql.Query("SELECT (SELECT COUNT(*) FROM Orders) AS n, Extra.anything FROM Customers");
            db.Sql.Query("SELECT name, key_field FROM docstore_collections; SELECT collection, paths FROM DOCSTORE_INDEXES; SELECT id FROM docstore_fields");
            db.Sql.Query<Customer>("SELECT c.* FROM Customers c WHERE c.Id BETWEEN 1 AND 5");
            db.Sql.Execute("INSERT INTO Customers (Id, Email, Address.City) VALUES (1, 'a', 'b'); UPDATE Customers SET Email = LOWER(Email) WHERE Id = 1");
            db.Sql.Execute("CREATE INDEX by_city ON Customers (Address.City); DROP INDEX Customers.by_city; DELETE FROM Orders WHERE Total < 0");
            db.Sql.Execute("BEGIN; COMMIT; EXPLAIN SELECT Email FROM Customers WHERE Email = 'x'");
            db.Sql.Prepare(@"SELECT Email FROM Customers WHERE Id = ?");
            db.Sql.Query("""
                SELECT Email
                FROM Customers
                """);
            """"));

    [Fact]
    public void System_table_columns_the_runtime_serves_are_known_to_the_analyzer()
    {
        // The columns come from the runtime's rows, so the analyzer is checked against what SQL really returns.
        using DocStoreDatabase db = DocStoreDatabase.OpenInMemory();
        db.GetCollection("People", IndexDefinition.On("Name")).Insert(new BsonDocument { { "_id", 1 }, { "Name", "Ann" } });
        var statements = new List<string>();
        foreach (string table in new[] { "docstore_collections", "docstore_indexes", "docstore_fields" })
        {
            IReadOnlyList<BsonDocument> rows = db.Sql.Query($"SELECT * FROM {table}");
            Assert.NotEmpty(rows);
            // Quoted, as some columns (unique) are keywords; a quoted name must match exactly.
            string statement = $"SELECT {string.Join(", ", rows.SelectMany(r => r.Names).Distinct().Select(n => $"\"{n}\""))} FROM {table}";
            Assert.Equal(rows.Count, db.Sql.Query(statement).Count);
            statements.Add(statement);
        }

        // key_type (and type) were missing from the analyzer's former copy of the list.
        string script = string.Join("; ", statements);
        Assert.Contains("key_type", script, StringComparison.Ordinal);
        Assert.Empty(Analyze($"db.Sql.Query(\"{script.Replace("\"", "\\\"", StringComparison.Ordinal)}\");"));
    }

    [Theory]
    [InlineData("SELECT [|nme|] FROM docstore_indexes")]
    [InlineData("SELECT i.[|nme|] FROM docstore_indexes i")]
    public void DOCS022_in_a_system_table_says_what_the_runtime_says(string marked)
    {
        string sql = marked.Replace("[|", "", StringComparison.Ordinal).Replace("|]", "", StringComparison.Ordinal);
        using DocStoreDatabase db = DocStoreDatabase.OpenInMemory();
        SqlExecutionException runtime = Assert.Throws<SqlExecutionException>(() => db.Sql.Query(sql));
        Diagnostic analyzer = Single("DOCS022", $"db.Sql.Query(\"{marked}\");");
        Assert.Contains(analyzer.GetMessage(), runtime.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Nothing_is_known_about_non_constant_sql_untyped_databases_or_sessions() =>
        Assert.Empty(Analyze("""
            db.Sql.Query(text);
            db.Sql.Query("SELECT * FROM " + text);
            raw.Sql.Query("SELECT Whatever FROM Untyped");
            session.Query("SELECT Whatever FROM Untyped");
            var reassigned = db.Sql; reassigned = raw.Sql; reassigned.Query("SELECT Whatever FROM Untyped");
            """));

    [Fact]
    public void Sessions_and_locals_from_a_generated_context_are_checked() =>
        Assert.Equal(["DOCS021", "DOCS022", "DOCS022"], Analyze("""
            using var s = db.Sql.OpenSession();
            s.Query("SELECT * FROM Nowhere");
            var sql = db.Sql;
            sql.Execute("DELETE FROM Orders WHERE Totl < 0");
            db.Sql.OpenSession().Query("SELECT Emale FROM Customers");
            """).Select(d => d.Id));

    [Fact]
    public void Unknown_collections_are_not_reported_while_a_model_has_errors() =>
        Assert.DoesNotContain(TestCompilation.Analyze(DiagnosticAssert.Usings + Model +
            "[Collection] public class Broken { [Key] public int Id { get; set; } }" +
            "public static class Use { public static void Run(Shop db) { db.Sql.Query(\"SELECT * FROM Brokens\"); } }"),
            d => d.Id == "DOCS021");
}
