namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// DocStore's SELECT against SQLite over the same documents: generated queries (a fixed seed, 600 by
/// default; DOCSTORE_SQL_DIFFERENTIAL_QUERIES raises it for soaks) and the hand-written cases.
/// </summary>
public sealed class DifferentialTests : IClassFixture<DifferentialTests.Data>
{
    private readonly Data _data;

    public DifferentialTests(Data data) => _data = data;

    [Fact]
    public void Generated_queries_return_what_sqlite_returns()
    {
        var count = int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_SQL_DIFFERENTIAL_QUERIES"), out var n) ? n : 600;
        var generator = new QueryGenerator(seed: 28);
        var failures = new List<string>();
        for (var i = 0; i < count && failures.Count < 5; i++)
        {
            var query = generator.Next();
            var failure = Compare(query);
            if (failure is not null)
            {
                failures.Add($"#{i}: {failure}");
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n\n", failures));
    }

    [Theory]
    [MemberData(nameof(HandWrittenCases.All), MemberType = typeof(HandWrittenCases))]
    public void Hand_written_cases_return_what_sqlite_returns(string docStore, string sqlite, bool ordered)
    {
        var failure = Compare(new DifferentialQuery(docStore, sqlite, ordered));
        Assert.True(failure is null, failure);
    }

    [Theory]
    [MemberData(nameof(ExpressionCases.ConstantCases), MemberType = typeof(ExpressionCases))]
    [MemberData(nameof(ExpressionCases.All), MemberType = typeof(ExpressionCases))]
    public void Expressions_and_functions_return_what_sqlite_returns(string docStore, string sqlite, bool ordered)
    {
        var failure = Compare(new DifferentialQuery(docStore, sqlite, ordered));
        Assert.True(failure is null, failure);
    }

    private string? Compare(DifferentialQuery query)
    {
        List<string> expected;
        List<string> actual;
        try
        {
            expected = _data.Set.SqliteRows(query.Sqlite);
        }
        catch (Microsoft.Data.Sqlite.SqliteException e)
        {
            return $"SQLite refused {query.Sqlite}: {e.Message}";
        }

        try
        {
            actual = _data.Set.DocStoreRows(query.DocStore);
        }
        catch (DocStoreException e)
        {
            return $"{query.DocStore}\n  threw {e.Message}";
        }

        if (!query.Ordered)
        {
            expected.Sort(StringComparer.Ordinal);
            actual.Sort(StringComparer.Ordinal);
        }

        if (expected.SequenceEqual(actual))
        {
            return null;
        }

        var firstDifference = Enumerable.Range(0, Math.Max(expected.Count, actual.Count))
            .First(i => i >= expected.Count || i >= actual.Count || expected[i] != actual[i]);
        return $"{query.DocStore}\n  {query.Sqlite}\n  {expected.Count} rows expected, {actual.Count} returned; row {firstDifference}: expected {(firstDifference < expected.Count ? expected[firstDifference] : "none")}, got {(firstDifference < actual.Count ? actual[firstDifference] : "none")}";
    }

    /// <summary>The documents, loaded once for the class.</summary>
    public sealed class Data : IDisposable
    {
        internal DifferentialData Set { get; } = new();

        public void Dispose() => Set.Dispose();
    }
}
