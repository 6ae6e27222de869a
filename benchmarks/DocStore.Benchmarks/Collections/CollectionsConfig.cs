using BenchmarkDotNet.Columns;
using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Diagnosers;
using BenchmarkDotNet.Jobs;
using BenchmarkDotNet.Reports;
using Perfolizer.Horology;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// The collection suites' BenchmarkDotNet settings: a short job (one launch, 15 warm-ups, 6 iterations of
/// about 150 ms) so the whole set finishes in minutes on a shared 2-core machine. The warm-up is long
/// enough (about 2 s) for the runtime's tiered JIT to finish compiling the write path: with 3 warm-ups a
/// durable insert measured 270 us in its first two seconds against 170 us after, which is a JIT artefact,
/// not the engine; rows grouped by
/// category (one category per operation) with SQLite as each category's baseline, so the ratio column
/// compares the two engines on the same operation in the same run.
/// </summary>
public class CollectionsConfig : ManualConfig
{
    public CollectionsConfig()
        : this(ShortJob)
    {
    }

    protected CollectionsConfig(Job job)
    {
        AddJob(job);
        AddDiagnoser(MemoryDiagnoser.Default);
        AddColumn(CategoriesColumn.Default);
        AddLogicalGroupRules(BenchmarkLogicalGroupRule.ByCategory);
        SummaryStyle = SummaryStyle.Default.WithRatioStyle(RatioStyle.Trend);
    }

    protected static Job ShortJob => Job.Default
        .WithLaunchCount(1)
        .WithWarmupCount(15)
        .WithIterationCount(6)
        .WithIterationTime(TimeInterval.FromMilliseconds(150))
        .WithId("Short");
}

/// <summary>
/// The same settings with a fixed number of operations per iteration, for benchmarks that consume what
/// an <c>[IterationSetup]</c> prepared (each delete needs a document that exists).
/// </summary>
public sealed class FixedInvocationsConfig : CollectionsConfig
{
    public const int OperationsPerIteration = 500;

    public FixedInvocationsConfig()
        : base(ShortJob.WithInvocationCount(OperationsPerIteration).WithUnrollFactor(1).WithId("Short-Fixed"))
    {
    }
}
