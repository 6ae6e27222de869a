using System.Collections;
using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>Every node records where its text lies, so a later analyzer can point into a string literal.</summary>
public sealed class SpanTests
{
    private const string Query = "SELECT Name AS n FROM People p WHERE (Age + 1) * 2 > -5 AND Lines[].\"Sku\" = 'it''s'";

    [Theory]
    [InlineData("Name")]
    [InlineData("n")]
    [InlineData("People")]
    [InlineData("p")]
    [InlineData("(Age + 1)")]
    [InlineData("(Age + 1) * 2")]
    [InlineData("(Age + 1) * 2 > -5")]
    [InlineData("-5")]
    [InlineData("Lines[]")]
    [InlineData("\"Sku\"")]
    [InlineData("Lines[].\"Sku\"")]
    [InlineData("'it''s'")]
    [InlineData("(Age + 1) * 2 > -5 AND Lines[].\"Sku\" = 'it''s'")]
    [InlineData(Query)]
    public void A_node_spans_exactly_its_text(string text)
    {
        var statement = SqlParser.ParseStatement(Query);
        var spans = Walk(statement).Select(n => Query.Substring(n.Span.Start, n.Span.Length));
        Assert.Contains(text, spans);
    }

    [Fact]
    public void A_statement_span_leaves_out_the_semicolon_and_surrounding_blanks()
    {
        const string sql = "  BEGIN ; DELETE FROM t WHERE a = 1 ;  ";
        var script = SqlParser.ParseScript(sql);
        Assert.Equal(["BEGIN", "DELETE FROM t WHERE a = 1"], script.Select(s => sql.Substring(s.Span.Start, s.Span.Length)));
    }

    public static TheoryData<string> Statements => new(SqlCases.Statements);

    [Theory]
    [MemberData(nameof(Statements))]
    public void Every_node_lies_inside_its_parent_and_covers_some_text(string sql)
    {
        var statement = SqlParser.ParseStatement(sql);
        Assert.InRange(statement.Span.Start, 0, sql.Length);
        Assert.InRange(statement.Span.End, 0, sql.Length);
        foreach (var (parent, child) in Edges(statement))
        {
            Assert.True(child.Span.Length > 0, $"{child.GetType().Name} in {sql}");
            Assert.True(child.Span.Start >= parent.Span.Start && child.Span.End <= parent.Span.End,
                $"{child.GetType().Name} {child.Span} outside {parent.GetType().Name} {parent.Span} in {sql}");
        }
    }

    /// <summary>Every node under <paramref name="root"/>, found through the records' properties.</summary>
    internal static IEnumerable<SqlNode> Walk(SqlNode root) => Edges(root).Select(e => e.Child).Prepend(root);

    private static IEnumerable<(SqlNode Parent, SqlNode Child)> Edges(SqlNode parent)
    {
        foreach (var property in parent.GetType().GetProperties())
        {
            if (property.GetIndexParameters().Length > 0)
            {
                continue;
            }

            var value = property.GetValue(parent);
            var children = value switch
            {
                SqlNode node => [node],
                IEnumerable list and not string => list.OfType<SqlNode>(),
                _ => [],
            };
            foreach (var child in children)
            {
                yield return (parent, child);
                foreach (var edge in Edges(child))
                {
                    yield return edge;
                }
            }
        }
    }
}
