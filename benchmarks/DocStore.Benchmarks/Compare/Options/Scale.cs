namespace DocStore.Benchmarks.Compare.Options;

/// <summary>
/// Data sizes and time budgets per run mode. Full uses the sizes; quick keeps every workload but
/// shrinks the large loads so the whole run fits in three minutes on a loaded two-core machine (the large
/// scan's 100K documents took 28 s of a 167 s quick run, most of it loading LiteDB, hence 50K there);
/// smoke only proves that everything runs and verifies.
/// </summary>
public sealed record Scale(
    RunMode Mode,
    int Rounds,
    TimeSpan RoundTime,
    int WarmDocuments,
    int ColdDocuments,
    int[] ScanSizes,
    int YcsbRecords,
    int LoadDocuments)
{
    /// <summary>How long each engine runs in one warm-up pass (see <c>InterleavedRunner.WarmUp</c>): a quarter round in quick mode, half a round otherwise.</summary>
    public TimeSpan WarmUpTime => Mode == RunMode.Quick ? RoundTime / 4 : RoundTime / 2;

    /// <summary>
    /// How long warm-up must go on without the runtime compiling a method before the rounds start. The
    /// runtime optimizes a method that keeps being called only after 100 ms without new first-time
    /// compilations, then compiles it in the background, so a quiet stretch shorter than that proves nothing.
    /// </summary>
    public TimeSpan WarmUpQuiet => TimeSpan.FromMilliseconds(Mode == RunMode.Quick ? 300 : 600);

    /// <summary>The longest warm-up of one workload, quiet or not (zero in smoke mode: one pass).</summary>
    public TimeSpan MaxWarmUp => Mode switch { RunMode.Smoke => TimeSpan.Zero, RunMode.Quick => TimeSpan.FromSeconds(4.0), _ => TimeSpan.FromSeconds(6) };

    public static Scale For(RunMode mode) => mode switch
    {
        RunMode.Smoke => new Scale(mode, 2, TimeSpan.FromMilliseconds(15), 1_000, 2_000, [100, 1_000], 1_000, 0),
        RunMode.Quick => new Scale(mode, 4, TimeSpan.FromMilliseconds(200), 10_000, 50_000, [1_000, 10_000, 50_000], 10_000, 0),
        _ => new Scale(mode, 5, TimeSpan.FromMilliseconds(600), 10_000, 200_000, [1_000, 10_000, 100_000], 100_000, 1_000_000),
    };
}
