using System.Diagnostics;
using Xunit.Abstractions;

namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// DocStore's SELECT against SQLite over the same documents: generated queries and the hand-written
/// cases. CI runs <see cref="DefaultQueries"/> generated queries from seed 28; a soak sets
/// DOCSTORE_SQL_DIFFERENTIAL_QUERIES (how many) and DOCSTORE_SQL_DIFFERENTIAL_SEED (from which seed).
/// The time spent generating, in SQLite, in DocStore and comparing goes to the test output.
/// </summary>
public sealed class DifferentialTests : IClassFixture<DifferentialTests.Data>
{
    /// <summary>Generated queries per CI run.</summary>
    public const int DefaultQueries = 10_000;

    private readonly Data _data;
    private readonly ITestOutputHelper _output;
    private readonly Stopwatch _sqlite = new();
    private readonly Stopwatch _docStore = new();
    private readonly Stopwatch _comparing = new();

    public DifferentialTests(Data data, ITestOutputHelper output) => (_data, _output) = (data, output);

    [Fact]
    public void Generated_queries_return_what_sqlite_returns()
    {
        var count = SoakSetting("DOCSTORE_SQL_DIFFERENTIAL_QUERIES", DefaultQueries);
        var seed = SoakSetting("DOCSTORE_SQL_DIFFERENTIAL_SEED", 28);
        var generator = new QueryGenerator(seed);
        var generating = new Stopwatch();
        var failures = new List<string>();
        for (var i = 0; i < count && failures.Count < 5; i++)
        {
            generating.Start();
            var query = generator.Next();
            generating.Stop();
            var failure = Compare(query);
            if (failure is not null)
            {
                failures.Add($"#{i}: {failure}");
            }
        }

        _output.WriteLine($"{count} queries, seed {seed}: generating {generating.ElapsedMilliseconds} ms, SQLite {_sqlite.ElapsedMilliseconds} ms, DocStore {_docStore.ElapsedMilliseconds} ms, comparing {_comparing.ElapsedMilliseconds} ms");
        Assert.True(failures.Count == 0, string.Join("\n\n", failures));
    }

    internal static int SoakSetting(string variable, int fallback) =>
        int.TryParse(Environment.GetEnvironmentVariable(variable), out var n) ? n : fallback;

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
            _sqlite.Start();
            expected = _data.Set.SqliteRows(query.Sqlite);
        }
        catch (Microsoft.Data.Sqlite.SqliteException e)
        {
            return $"SQLite refused {query.Sqlite}: {e.Message}";
        }
        finally
        {
            _sqlite.Stop();
        }

        try
        {
            _docStore.Start();
            actual = _data.Set.DocStoreRows(query.DocStore);
        }
        catch (DocStoreException e)
        {
            return $"{query.DocStore}\n  threw {e.Message}";
        }
        finally
        {
            _docStore.Stop();
        }

        using var comparing = new StopwatchScope(_comparing);
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

    private readonly struct StopwatchScope : IDisposable
    {
        private readonly Stopwatch _watch;

        public StopwatchScope(Stopwatch watch) => (_watch = watch).Start();

        public void Dispose() => _watch.Stop();
    }

    /// <summary>The documents, loaded once for the class.</summary>
    public sealed class Data : IDisposable
    {
        internal DifferentialData Set { get; } = new();

        public void Dispose() => Set.Dispose();
    }
}
