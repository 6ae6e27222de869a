using DocStore.Sql.Syntax;

namespace DocStore.Tests.Sql;

/// <summary>
/// Parsing is linear in the text: nothing on the success path builds an error message ahead of need (which
/// found a line and column by scanning the text, per parenthesis) or allocates more per item as the text
/// grows. Measured in bytes allocated, a count that does not depend on how busy the machine is.
/// </summary>
public sealed class ParsingCostTests
{
    // The syntax nodes of one "(f(i))" item take about 380 bytes; a message built ahead of need for each
    // closing parenthesis adds about 180 more.
    private const int BytesPerItem = 450;

    [Fact]
    public void A_statement_with_tens_of_thousands_of_parentheses_parses_in_linear_time()
    {
        // 40,000 parenthesized items in ~470 KB.
        SqlParser.ParseStatement("SELECT f((1)) FROM t WHERE a IN ((1))");
        var small = BytesAllocatedPerItem(10_000);
        var large = BytesAllocatedPerItem(40_000);

        Assert.True(large < BytesPerItem, $"parsing allocated {large:0} bytes per item");

        // Linear: the same bytes per item at four times the length (a per-parenthesis scan that allocated would grow it).
        Assert.InRange(large, small * 0.95, small * 1.05);
    }

    private static double BytesAllocatedPerItem(int items)
    {
        var sql = "SELECT f(a) FROM t WHERE a IN (" + string.Join(", ", Enumerable.Range(0, items).Select(i => $"(f({i}))")) + ")";
        var before = GC.GetAllocatedBytesForCurrentThread();
        var statement = SqlParser.ParseStatement(sql);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(sql.Length, statement.Span.Length);
        return (double)allocated / items;
    }
}
