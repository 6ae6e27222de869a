using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>A script is statements separated by semicolons; a single-statement parse takes exactly one.</summary>
public sealed class ScriptTests
{
    [Fact]
    public void A_script_parses_every_statement_in_order()
    {
        var script = SqlParser.ParseScript("BEGIN; INSERT INTO t VALUES (@d); DELETE FROM t WHERE a = 1; COMMIT");
        Assert.Equal(["(begin)", "(insert t (row @d))", "(delete t (where (= a 1)))", "(commit)"], script.Select(SExpression.Print));
    }

    [Fact]
    public void The_reference_example_script_parses()
    {
        // The "At a glance" example of docs/sql.md.
        const string sql = """
            SELECT c.Name, COUNT(*) AS orders, SUM(o.Total) AS total
            FROM Customers c
            LEFT JOIN Orders o ON o.CustomerId = c.Id
            WHERE c.Address.City = @city AND o.Lines[].Sku IN ('A-1', 'B-2')
            GROUP BY c.Name
            HAVING COUNT(*) > 1
            ORDER BY total DESC
            LIMIT 10 OFFSET ?;

            INSERT INTO People VALUES ({"Name": "Ann", "Tags": ["vip"], "Born": {"$date": "1990-01-01T00:00:00Z"}});
            INSERT INTO People (Name, Address.City) VALUES ('Bob', 'Oslo'), ('Eve', NULL);
            UPDATE People SET Address.City = 'Bergen' WHERE Name = 'Bob';
            DELETE FROM People WHERE Age < 18;
            CREATE UNIQUE INDEX ByEmail ON People (Email);
            DROP INDEX People.ByEmail;
            BEGIN; COMMIT; ROLLBACK;
            EXPLAIN SELECT * FROM People WHERE Tags[] = 'vip';
            """;
        var script = SqlParser.ParseScript(sql);
        Assert.Equal(11, script.Length);
        Assert.Equal(
            "(select (c.Name (as (call COUNT *) orders) (as (call SUM o.Total) total)) (from Customers c) "
            + "(left-join Orders o (= o.CustomerId c.Id)) (where (AND (= c.Address.City @city) (IN o.Lines[].Sku (list 'A-1' 'B-2')))) "
            + "(group-by c.Name) (having (> (call COUNT *) 1)) (order-by (desc total)) (limit 10) (offset ?1))",
            SExpression.Print(script[0]));
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    [InlineData(";;;")]
    public void An_empty_script_has_no_statements(string sql) => Assert.Empty(SqlParser.ParseScript(sql));

    [Fact]
    public void Empty_statements_and_a_trailing_semicolon_are_skipped()
    {
        var script = SqlParser.ParseScript(";BEGIN;;COMMIT;");
        Assert.Equal(["(begin)", "(commit)"], script.Select(SExpression.Print));
    }

    [Fact]
    public void Statements_without_a_semicolon_between_them_are_an_error()
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseScript("BEGIN COMMIT"));
        Assert.Equal("';' or end of input after the statement", error.Expected);
        Assert.Equal("keyword COMMIT", error.Found);
        Assert.Equal(7, error.Column);
    }

    [Fact]
    public void A_single_statement_parse_rejects_a_second_statement()
    {
        var error = SqlAssert.Rejects("SELECT * FROM t; SELECT * FROM u");
        Assert.Equal("end of input after ';' (this call parses one statement; parse a script for several)", error.Expected);
        Assert.Equal(18, error.Column);
    }

    [Fact]
    public void An_error_in_a_later_statement_reports_its_own_line()
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseScript("BEGIN;\nDELETE FROM t;\nUPDATE t SET = 1;"));
        Assert.Equal(3, error.Line);
        Assert.Equal(14, error.Column);
        Assert.Equal("a path after SET", error.Expected);
        Assert.EndsWith("\n  UPDATE t SET = 1;\n               ^", error.Message, StringComparison.Ordinal);
    }
}
