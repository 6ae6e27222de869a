using System.Diagnostics;
using DocStore.Sql.Syntax;

namespace DocStore.Tests.Sql;

/// <summary>Parsing is linear in the text: nothing on the success path scans the text again.</summary>
public sealed class ParsingCostTests
{
    [Fact]
    public void A_statement_with_tens_of_thousands_of_parentheses_parses_in_linear_time()
    {
        // 40,000 parenthesized items in ~400 KB: a per-parenthesis scan (say, for a line number in
        // an error message built ahead of need) would take tens of seconds; linear takes milliseconds.
        const int items = 40_000;
        var sql = "SELECT f(a) FROM t WHERE a IN (" + string.Join(", ", Enumerable.Range(0, items).Select(i => $"(f({i}))")) + ")";
        SqlParser.ParseStatement("SELECT f((1)) FROM t WHERE a IN ((1))");
        var clock = Stopwatch.StartNew();
        var statement = SqlParser.ParseStatement(sql);
        clock.Stop();
        Assert.Equal(sql.Length, statement.Span.Length);
        Assert.True(clock.Elapsed < TimeSpan.FromSeconds(3), $"Parsing took {clock.Elapsed}.");
    }
}
