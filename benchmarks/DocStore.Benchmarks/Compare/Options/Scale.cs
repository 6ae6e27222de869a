namespace DocStore.Benchmarks.Compare.Options;

/// <summary>
/// Data sizes and time budgets per run mode. Full uses the sizes; quick keeps every workload but
/// shrinks the large loads so the whole run fits in three minutes on a loaded two-core machine; smoke
/// only proves that everything runs and verifies.
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
    /// <summary>The most unmeasured warm-up passes a workload gets before its rounds (see <c>InterleavedRunner.WarmUp</c>).</summary>
    public int MaxWarmUpPasses => Mode switch { RunMode.Smoke => 1, RunMode.Quick => 6, _ => 12 };

    /// <summary>
    /// How long each engine runs in one warm-up pass: a quarter round in quick mode, which keeps the run
    /// inside its three minutes, half a round otherwise. A pass of every engine still spans more than the
    /// 100 ms the runtime waits before optimizing a method that keeps being called.
    /// </summary>
    public TimeSpan WarmUpTime => Mode == RunMode.Quick ? RoundTime / 4 : RoundTime / 2;

    public static Scale For(RunMode mode) => mode switch
    {
        RunMode.Smoke => new Scale(mode, 2, TimeSpan.FromMilliseconds(15), 1_000, 2_000, [100, 1_000], 1_000, 0),
        RunMode.Quick => new Scale(mode, 4, TimeSpan.FromMilliseconds(200), 10_000, 50_000, [1_000, 10_000, 100_000], 10_000, 0),
        _ => new Scale(mode, 5, TimeSpan.FromMilliseconds(600), 10_000, 200_000, [1_000, 10_000, 100_000], 100_000, 1_000_000),
    };
}
