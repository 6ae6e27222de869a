using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>
/// A syntax error names the line, column, what was expected and what was found, and shows the line
/// with a caret under the offending character.
/// </summary>
public sealed class SyntaxErrorTests
{
    [Fact]
    public void The_message_names_the_place_the_expectation_and_the_finding_then_shows_a_caret()
    {
        var error = SqlAssert.Rejects("SELECT * FROM People WHERE");
        Assert.Equal(
            "Syntax error at line 1, column 27: expected an expression after WHERE, found end of input.\n" +
            "  SELECT * FROM People WHERE\n" +
            "                            ^",
            error.Message);
        Assert.Equal(1, error.Line);
        Assert.Equal(27, error.Column);
        Assert.Equal(26, error.Position);
        Assert.Equal("an expression after WHERE", error.Expected);
        Assert.Equal("end of input", error.Found);
        Assert.Equal(DocStoreErrorCode.SqlSyntax, error.ErrorCode);
        Assert.IsAssignableFrom<DocStoreException>(error);
    }

    public static TheoryData<string, int, int, string, string> Errors => new()
    {
        { "", 1, 1, "a statement (SELECT, INSERT, UPDATE, DELETE, CREATE INDEX, DROP INDEX, CREATE, DROP or ALTER COLLECTION, BEGIN, COMMIT, ROLLBACK or EXPLAIN)", "end of input" },
        { "SHOW TABLES", 1, 1, "a statement (SELECT, INSERT, UPDATE, DELETE, CREATE INDEX, DROP INDEX, CREATE, DROP or ALTER COLLECTION, BEGIN, COMMIT, ROLLBACK or EXPLAIN)", "identifier SHOW" },
        { "SELECT FROM People", 1, 8, "an expression or '*' after SELECT", "keyword FROM" },
        { "SELECT a, FROM People", 1, 11, "an expression or '*' after ','", "keyword FROM" },
        { "SELECT * People", 1, 10, "',' or FROM after the select list", "identifier People" },
        { "SELECT * FROM", 1, 14, "a collection name after FROM", "end of input" },
        { "SELECT * FROM Order", 1, 15, "a collection name after FROM (ORDER is a keyword: write \"Order\" to use it as a name)", "keyword ORDER" },
        { "SELECT * FROM People WHERE Age >", 1, 33, "an expression after '>'", "end of input" },
        { "SELECT * FROM People WHERE (Age > 1", 1, 36, "')' to close the '(' at line 1, column 28", "end of input" },
        { "SELECT * FROM People GROUP City", 1, 28, "BY after GROUP", "identifier City" },
        { "SELECT * FROM People ORDER Age", 1, 28, "BY after ORDER", "identifier Age" },
        { "SELECT * FROM a LEFT b", 1, 22, "JOIN or OUTER JOIN after LEFT", "identifier b" },
        { "SELECT * FROM a LEFT OUTER b", 1, 28, "JOIN after OUTER", "identifier b" },
        { "SELECT * FROM a INNER b", 1, 23, "JOIN after INNER", "identifier b" },
        { "SELECT * FROM a JOIN WHERE x", 1, 22, "a collection name after JOIN (WHERE is a keyword: write \"WHERE\" to use it as a name)", "keyword WHERE" },
        { "SELECT a AS FROM t", 1, 18, "',' or FROM after the select list", "identifier t" },
        { "SELECT a AS 1 FROM t", 1, 13, "a name after AS", "number 1" },
        { "SELECT # FROM t", 1, 8, "an expression or '*' after SELECT", "character '#'" },
        { "SELECT a ! b FROM t", 1, 10, "',' or FROM after the select list", "character '!'" },
        { "SELECT 12abc FROM t", 1, 10, "a space or an operator after the number 12", "character 'a'" },
        { "SELECT 1e FROM t", 1, 10, "a digit in the number's exponent", "a space" },
        { "SELECT 1.2.3 FROM t", 1, 11, "a space or an operator after the number 1.2", "character '.'" },
        { "SELECT 'open FROM t", 1, 20, "' to close the string that starts at line 1, column 8", "end of input" },
        { "SELECT \"open FROM t", 1, 20, "\" to close the quoted name that starts at line 1, column 8", "end of input" },
        { "INSERT INTO t VALUES ({\"a\": [1, 2})", 1, 34, "']' in the document literal that starts at line 1, column 23", "'}'" },
        { "INSERT INTO t VALUES ({\"a\": 1", 1, 30, "'}' to close the document literal that starts at line 1, column 23", "end of input" },
        { "INSERT INTO t VALUES ({\"a\": \"x})", 1, 33, "'\"' to close the string that starts at line 1, column 29 in a document literal", "end of input" },
        { "INSERT t VALUES (1)", 1, 8, "INTO after INSERT", "identifier t" },
        { "INSERT INTO t (a, b VALUES (1)", 1, 21, "',' or ')' in the column list", "keyword VALUES" },
        { "INSERT INTO t (a) (1)", 1, 19, "VALUES or SELECT after the column list", "'('" },
        { "INSERT INTO t WHERE a = 1", 1, 15, "VALUES, SELECT or a column list after the collection name", "keyword WHERE" },
        { "INSERT INTO t VALUES 1", 1, 22, "'(' and a row of values after VALUES", "number 1" },
        { "UPDATE t a = 1", 1, 10, "SET after the collection name", "identifier a" },
        { "UPDATE t SET a == 1", 1, 16, "'=' after the path", "'=='" },
        { "DELETE t", 1, 8, "FROM after DELETE", "identifier t" },
        { "CREATE VIEW t", 1, 8, "INDEX, UNIQUE INDEX, COLLECTION or TABLE after CREATE", "identifier VIEW" },
        { "CREATE UNIQUE i ON t (a)", 1, 15, "INDEX after UNIQUE", "identifier i" },
        { "CREATE INDEX i t (a)", 1, 16, "ON after the index name", "identifier t" },
        { "CREATE INDEX i ON t a", 1, 21, "'(' and the indexed paths after the collection name", "identifier a" },
        { "CREATE INDEX i ON t ()", 1, 22, "a path after '('", "')'" },
        { "CREATE INDEX i ON t (a b)", 1, 24, "',' or ')' in the list of indexed paths", "identifier b" },
        { "DROP People.i", 1, 6, "INDEX, COLLECTION or TABLE after DROP", "identifier People" },
        { "ALTER TABLE t ADD COLUMN x", 1, 15, "RENAME TO after the collection name (the only change ALTER COLLECTION makes)", "identifier ADD" },
        { "CREATE TABLE t (a INT, b (", 1, 26, "')' to close the '(' at line 1, column 16", "'('" },
        { "CREATE TABLE t (a INT, b VARCHAR(x))", 1, 34, "a number in the type name's size", "identifier x" },
        { "CREATE TABLE t (a INT, 5)", 1, 24, "a column definition or a table constraint after ','", "number 5" },
        { "DROP INDEX People", 1, 18, "'.' and the index name after the collection name (DROP INDEX collection.index)", "end of input" },
        { "BEGIN WORK", 1, 7, "';' or end of input after the statement", "identifier WORK" },
    };

    [Theory]
    [MemberData(nameof(Errors))]
    public void Each_error_kind_reports_its_place_and_expectation(string sql, int line, int column, string expected, string found)
    {
        var error = SqlAssert.Rejects(sql);
        Assert.Equal((line, column, expected, found), (error.Line, error.Column, error.Expected, error.Found));
        Assert.StartsWith($"Syntax error at line {line}, column {column}: expected {expected}, found {found}.\n", error.Message, StringComparison.Ordinal);
        var caretLine = error.Message[(error.Message.LastIndexOf('\n') + 1)..];
        Assert.Equal(new string(' ', column + 1) + "^", caretLine);
    }

    [Fact]
    public void Lines_are_counted_across_line_feeds_and_carriage_returns()
    {
        var error = SqlAssert.Rejects("SELECT *\r\nFROM People\rWHERE Age > 'x");
        Assert.Equal((3, 15), (error.Line, error.Column));
        Assert.Equal("' to close the string that starts at line 3, column 13", error.Expected);
        Assert.EndsWith("\n  WHERE Age > 'x\n                ^", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void At_the_end_of_input_the_caret_follows_the_last_token_not_trailing_blanks()
    {
        var error = SqlAssert.Rejects("SELECT * FROM People WHERE   \n  -- nothing more\n");
        Assert.Equal((1, 27), (error.Line, error.Column));
    }

    [Fact]
    public void The_caret_line_keeps_tabs_so_the_caret_stays_under_the_character()
    {
        var error = SqlAssert.Rejects("SELECT\t*\tFROM\tPeople\tWHERE");
        Assert.Equal(27, error.Column);
        Assert.EndsWith("\n  SELECT\t*\tFROM\tPeople\tWHERE\n        \t \t    \t      \t     ^", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_long_line_is_cut_around_the_error()
    {
        var sql = "SELECT * FROM People WHERE " + string.Join(" AND ", Enumerable.Range(0, 100).Select(i => $"a{i} = {i}")) + " AND";
        var error = SqlAssert.Rejects(sql);
        Assert.Equal(sql.Length + 1, error.Column);
        var lines = error.Message.Split('\n');
        Assert.Equal(3, lines.Length);
        Assert.StartsWith("  ...", lines[1], StringComparison.Ordinal);
        Assert.True(lines[1].Length < 120, lines[1]);
        Assert.EndsWith(" AND", lines[1], StringComparison.Ordinal);
        Assert.Equal(lines[1].Length, lines[2].Length - 1);
    }

    [Fact]
    public void A_long_literal_is_clipped_in_the_message()
    {
        var error = SqlAssert.Rejects("SELECT a '" + new string('x', 500) + "' FROM t");
        Assert.Equal("string '" + new string('x', 28) + "...", error.Found);
    }

    [Fact]
    public void An_empty_quoted_name_is_an_error()
    {
        var error = SqlAssert.Rejects("SELECT \"\" FROM t");
        Assert.Equal(("a name between the quotes", 9), (error.Expected, error.Column));
    }

    [Fact]
    public void A_lexical_error_after_a_syntax_error_does_not_hide_it()
    {
        var error = SqlAssert.Rejects("SELECT * FROM t WHERE a = = 'open");
        Assert.Equal("an expression after '='", error.Expected);
        Assert.Equal(27, error.Column);
    }

    [Fact]
    public void The_exception_has_the_standard_constructors()
    {
        Assert.Equal(DocStoreErrorCode.SqlSyntax, new SqlSyntaxException().ErrorCode);
        Assert.Equal("m", new SqlSyntaxException("m").Message);
        var inner = new InvalidOperationException();
        Assert.Same(inner, new SqlSyntaxException("m", inner).InnerException);
    }
}
