using DocStore.Sql.Syntax;

namespace DocStore.Tests.Sql;

/// <summary>
/// Nesting and expression height are bounded, so hostile input gets a syntax error instead of
/// exhausting the stack of the parser or of a later pass that recurses over the tree.
/// </summary>
public sealed class DepthLimitTests
{
    private const int Nesting = SqlParser.MaxNestingDepth;

    public static TheoryData<string, Func<int, string>> Nestings => new()
    {
        { "parentheses", n => new string('(', n) + "1" + new string(')', n) },
        { "unary minus", n => string.Concat(Enumerable.Repeat("- ", n)) + "x" },
        { "NOT", n => string.Concat(Enumerable.Repeat("NOT ", n)) + "x" },
        { "function calls", n => string.Concat(Enumerable.Repeat("f(", n)) + "1" + new string(')', n) },
        { "scalar subqueries", n => string.Concat(Enumerable.Repeat("(SELECT ", n)) + "1" + string.Concat(Enumerable.Repeat(" FROM t)", n)) },
        { "IN subqueries", n => string.Concat(Enumerable.Repeat("a IN (SELECT a FROM t WHERE ", n)) + "1" + new string(')', n) },
    };

    [Theory]
    [MemberData(nameof(Nestings))]
    public void Nesting_up_to_the_limit_parses(string kind, Func<int, string> nest)
    {
        Assert.NotNull(kind);
        OnSmallStack(() => SqlParser.ParseExpression(nest(Nesting)));
    }

    [Theory]
    [MemberData(nameof(Nestings))]
    public void Nesting_one_past_the_limit_is_a_syntax_error(string kind, Func<int, string> nest)
    {
        Assert.NotNull(kind);
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(nest(Nesting + 1)));
        Assert.Contains($"at most {Nesting} levels of nested", error.Expected, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Nestings))]
    public void Nesting_far_past_the_limit_is_a_syntax_error_not_a_stack_overflow(string kind, Func<int, string> nest)
    {
        Assert.NotNull(kind);
        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(nest(100_000)));
    }

    [Fact]
    public void A_chain_of_operators_is_bounded_by_the_height_of_its_tree()
    {
        static string Chain(int terms) => string.Join(" OR ", Enumerable.Repeat("a = 1", terms));

        // Each term "a = 1" is 2 tall and each OR adds a level: n terms make a tree n + 1 tall.
        OnSmallStack(() => SqlParser.ParseExpression(Chain(SqlParser.MaxExpressionHeight - 1)));
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(Chain(SqlParser.MaxExpressionHeight)));
        Assert.Equal($"an expression at most {SqlParser.MaxExpressionHeight} operators deep", error.Expected);
        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(string.Join(" + ", Enumerable.Repeat("1", 1_000_000))));
    }

    [Fact]
    public void Height_adds_up_across_parentheses_and_subqueries()
    {
        // 150 levels of parentheses, each holding a chain 10 tall, make a tree 1500 tall.
        var sql = "1";
        for (var i = 0; i < 150; i++)
        {
            sql = "(" + sql + ")" + string.Concat(Enumerable.Repeat(" + 1", 10));
        }

        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(sql));
        Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(sql.Replace("(", "(SELECT ", StringComparison.Ordinal).Replace(")", " FROM t)", StringComparison.Ordinal)));
    }

    [Fact]
    public void A_document_literal_nested_too_deeply_is_a_syntax_error()
    {
        var deep = new string('[', 100_000);
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression("{\"a\": " + deep));
        Assert.Contains("nested objects and arrays", error.Expected, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Nestings))]
    public void On_a_tiny_stack_deep_nesting_is_a_syntax_error_not_a_stack_overflow(string kind, Func<int, string> nest)
    {
        Assert.NotNull(kind);
        Exception? failure = null;
        var thread = new Thread(() => failure = Record.Exception(() => SqlParser.ParseExpression(nest(Nesting))), 192 * 1024);
        thread.Start();
        thread.Join();
        Assert.True(failure is null or SqlSyntaxException, failure?.ToString());
    }

    /// <summary>Runs on a 1 MiB stack (Windows' default; Linux gives 1.5 MiB): the limits fit in it even in a debug build.</summary>
    private static void OnSmallStack(Action action)
    {
        Exception? failure = null;
        var thread = new Thread(() =>
        {
            try
            {
                action();
            }
            catch (Exception e)
            {
                failure = e;
            }
        }, 1024 * 1024);
        thread.Start();
        thread.Join();
        Assert.Null(failure);
    }
}
