using DocStore.Sql.Syntax;

namespace DocStore.Tests.Sql.Support;

/// <summary>Short forms for the parser tests: parse and print as an S-expression, or catch the syntax error.</summary>
internal static class SqlAssert
{
    /// <summary>Parses one statement and returns its S-expression.</summary>
    public static string Statement(string sql) => SExpression.Print(SqlParser.ParseStatement(sql));

    /// <summary>Parses one expression and returns its S-expression.</summary>
    public static string Expression(string sql) => SExpression.Print(SqlParser.ParseExpression(sql));

    /// <summary>Asserts that <paramref name="sql"/> (a statement) is rejected and returns the error.</summary>
    public static SqlSyntaxException Rejects(string sql) =>
        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseStatement(sql));

    /// <summary>Asserts that <paramref name="sql"/> parses as a statement to <paramref name="expected"/>.</summary>
    public static void Parses(string sql, string expected) => Assert.Equal(expected, Statement(sql));
}
