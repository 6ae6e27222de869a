using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Processes;
using DocStore.Benchmarks.Compare.Ycsb;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>Every workload of the comparison, in the issue's order; names are what <c>--workloads</c> selects.</summary>
public static class WorkloadCatalog
{
    public static IReadOnlyList<Workload> All { get; } =
    [
        new GetWorkload("get_warm", cold: false),
        new GetWorkload("get_cold_16pages", cold: true),
        new InsertWorkload("insert_single_memory", CommitDurability.InMemory, 1),
        new InsertWorkload("insert_single_durable", CommitDurability.Full, 1),
        new InsertWorkload("insert_batch100_durable", CommitDurability.Full, 100),
        new InsertWorkload("insert_batch1000_durable", CommitDurability.Full, 1000),
        new ScanWorkload("scan_small", scale => scale.ScanSizes[0]),
        new ScanWorkload("scan_medium", scale => scale.ScanSizes[1]),
        new ScanWorkload("scan_large", scale => scale.ScanSizes[^1]),
        new QueryWorkload("filter_unindexed_20pct", QueryKind.ScoreBelow),
        new EmailWorkload("find_unique_email"),
        new QueryWorkload("range_age_1000", QueryKind.AgeRange),
        new QueryWorkload("find_path_city", QueryKind.City),
        new QueryWorkload("find_multikey_tag", QueryKind.Tag),
        new LinqWorkload("linq_find_unique_email", LinqKind.Email),
        new LinqWorkload("linq_range_age_1000", LinqKind.AgeRange),
        new LinqWorkload("linq_prefix_email", LinqKind.EmailPrefix),
        new LinqWorkload("linq_find_path_city", LinqKind.City),
        new LinqWorkload("linq_find_multikey_tag", LinqKind.Tag),
        new LinqWorkload("linq_filter_unindexed_20pct", LinqKind.ScoreBelow),
        new LinqWorkload("linq_project_2_fields", LinqKind.NameAgeOfScoreBelow),
        new LinqWorkload("linq_in_10_ids", LinqKind.IdsIn),
        new MixWorkload("mix_80read_20update"),
        new ConcurrentReadersWorkload("concurrent_1reader_1writer", 1),
        new ConcurrentReadersWorkload("concurrent_2readers_1writer", 2),
        new ConcurrentReadersWorkload("concurrent_4readers_1writer", 4),
        .. YcsbSpec.All.Select(spec => new YcsbWorkload(spec)),
        new LoadWorkload("load_1m_1kib"),
    ];

    /// <summary>Workloads that run only when a <c>--workloads</c> name or prefix selects them (some engines cannot run them).</summary>
    public static IReadOnlyList<Workload> OnRequest { get; } =
    [
        new AnalyticsWorkload("sql_group_count_sum", AnalyticsKind.GroupBy),
        new AnalyticsWorkload("sql_range_order_limit", AnalyticsKind.TopByAge),
        new AnalyticsWorkload("sql_join_10k_100k", AnalyticsKind.Join),
        new AnalyticsWorkload("sql_join_where_4", AnalyticsKind.JoinChain4),
        new AnalyticsWorkload("sql_join_where_8", AnalyticsKind.JoinChain8),
        .. PostgresRows,
        new ProcessesWorkload("procs_1writer_1reader", 1),
        new ProcessesWorkload("procs_1writer_2readers", 2),
        new ProcessesWorkload("procs_1writer_4readers", 4),
    ];

    /// <summary>
    /// DocStore.PostgreSQL against Marten on one PostgreSQL server (<c>DOCSTORE_POSTGRES</c>, or a private one
    /// the harness starts): on request only, since they need a server and measure it more than the engine.
    /// </summary>
    private static IReadOnlyList<Workload> PostgresRows =>
    [
        new PostgresWorkload(new GetWorkload("pg_get", cold: false)),
        new PostgresWorkload(new EmailWorkload("pg_find_unique_email")),
        new PostgresWorkload(new QueryWorkload("pg_range_age_1000", QueryKind.AgeRange)),
        new PostgresWorkload(new InsertWorkload("pg_insert_batch100", CommitDurability.Normal, 100)),
        new PostgresWorkload(new MixWorkload("pg_mix_50read_50update", updateEvery: 2)),
    ];

    /// <summary>The workloads a <c>--workloads</c> list names (exact names, or prefixes ending in <c>*</c>), in catalog order.</summary>
    public static IReadOnlyList<Workload> Select(IReadOnlyList<string> names)
    {
        if (names.Count == 0)
        {
            return All;
        }

        foreach (var name in names)
        {
            if (!All.Concat(OnRequest).Any(w => Matches(w.Name, name)))
            {
                throw new ArgumentException($"compare: no workload matches '{name}'. Workloads: {string.Join(", ", All.Concat(OnRequest).Select(w => w.Name))}");
            }
        }

        return [.. All.Concat(OnRequest).Where(w => names.Any(n => Matches(w.Name, n)))];
    }

    private static bool Matches(string workload, string pattern) =>
        pattern.EndsWith('*')
            ? workload.StartsWith(pattern[..^1], StringComparison.OrdinalIgnoreCase)
            : workload.Equals(pattern, StringComparison.OrdinalIgnoreCase);
}
