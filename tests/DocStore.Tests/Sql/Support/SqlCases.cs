namespace DocStore.Tests.Sql.Support;

/// <summary>Every hand-written valid case of the feature tests, as whole statements, for property tests and fuzz seeds.</summary>
internal static class SqlCases
{
    private static readonly TheoryData<string, string>[] s_statementCases =
    [
        SelectTests.Cases, InsertTests.Cases, UpdateDeleteTests.Cases, IndexStatementTests.Cases,
        TransactionAndExplainTests.Cases, CommentTests.Cases,
    ];

    private static readonly TheoryData<string, string>[] s_expressionCases =
    [
        PrecedenceTests.Cases, PredicateTests.Cases, LiteralTests.Cases, ParameterTests.Cases,
        PathTests.Cases, FunctionAndSubqueryTests.Cases,
    ];

    /// <summary>The statement cases as written, and each expression case inside <c>SELECT ... FROM t</c>.</summary>
    public static IReadOnlyList<string> Statements { get; } =
    [
        .. s_statementCases.SelectMany(Sql),
        .. s_expressionCases.SelectMany(Sql).Select(e => $"SELECT {e} FROM t"),
    ];

    private static IEnumerable<string> Sql(TheoryData<string, string> data) => data.Select(row => (string)row[0]);
}
