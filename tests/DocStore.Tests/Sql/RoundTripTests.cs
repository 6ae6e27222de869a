using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>
/// Printing a tree as SQL and parsing it again gives the same tree (compared as S-expressions) and
/// the same SQL: over every hand-written case of the feature tests.
/// </summary>
public sealed class RoundTripTests
{
    public static TheoryData<string> Statements => new(SqlCases.Statements);

    [Theory]
    [MemberData(nameof(Statements))]
    public void Parse_print_parse_print_is_stable(string sql)
    {
        var tree = SqlParser.ParseStatement(sql);
        var printed = SqlText.Print(tree);
        var reparsed = SqlParser.ParseStatement(printed);
        Assert.Equal(SExpression.Print(tree), SExpression.Print(reparsed));
        Assert.Equal(printed, SqlText.Print(reparsed));
    }

    [Fact]
    public void The_case_catalog_covers_every_feature_file() => Assert.True(SqlCases.Statements.Count > 150, SqlCases.Statements.Count.ToString(System.Globalization.CultureInfo.InvariantCulture));

    [Fact]
    public void A_script_round_trips_statement_by_statement()
    {
        var script = SqlParser.ParseScript(string.Join(";\n", SqlCases.Statements.Where(s => !s.Contains("--", StringComparison.Ordinal))));
        var printed = string.Join(";\n", script.Select(SqlText.Print));
        Assert.Equal(script.Select(SExpression.Print), SqlParser.ParseScript(printed).Select(SExpression.Print));
    }
}
