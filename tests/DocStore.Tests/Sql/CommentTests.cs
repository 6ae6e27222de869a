using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>-- line comments and /* block */ comments are skipped wherever whitespace may stand.</summary>
public sealed class CommentTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "SELECT * -- everything\nFROM People", "(select (*) (from People))" },
        { "SELECT /* all */ * FROM /* the */ People", "(select (*) (from People))" },
        { "/* leading */ SELECT * FROM t -- trailing", "(select (*) (from t))" },
        { "-- only a comment line\r\nSELECT a--no space needed\nFROM t", "(select (a) (from t))" },
        { "SELECT 1 - -- a comment, not a negation\n 2 FROM t", "(select ((- 1 2)) (from t))" },
        { "SELECT a/**/FROM t", "(select (a) (from t))" },
        { "SELECT '/* kept */' FROM t", "(select ('/* kept */') (from t))" },
        { "SELECT /* multi\nline * / **/ a FROM t", "(select (a) (from t))" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Comments_are_skipped(string sql, string expected) => SqlAssert.Parses(sql, expected);

    [Fact]
    public void An_unclosed_block_comment_is_an_error_that_points_at_its_start()
    {
        var error = SqlAssert.Rejects("SELECT * FROM t /* open");
        Assert.Equal("'*/' to close the comment that starts at line 1, column 17", error.Expected);
        Assert.Equal("end of input", error.Found);
        Assert.Equal(24, error.Column);
    }

    [Fact]
    public void A_script_of_only_comments_has_no_statements() =>
        Assert.Empty(DocStore.Sql.Syntax.SqlParser.ParseScript("-- nothing\n/* at all */"));
}
