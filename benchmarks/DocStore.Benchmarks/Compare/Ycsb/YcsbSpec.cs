namespace DocStore.Benchmarks.Compare.Ycsb;

/// <summary>
/// The operation mix of one YCSB core workload (proportions sum to 1) and how it chooses keys. Scans read
/// 1..100 records (uniform), as in YCSB's workload E.
/// </summary>
public sealed record YcsbSpec(string Letter, double Read, double Update, double Insert, double Scan, double ReadModifyWrite, bool Latest)
{
    public const int MaxScanLength = 100;

    public static readonly YcsbSpec A = new("a", 0.50, 0.50, 0, 0, 0, Latest: false);
    public static readonly YcsbSpec B = new("b", 0.95, 0.05, 0, 0, 0, Latest: false);
    public static readonly YcsbSpec C = new("c", 1.00, 0, 0, 0, 0, Latest: false);
    public static readonly YcsbSpec D = new("d", 0.95, 0, 0.05, 0, 0, Latest: true);
    public static readonly YcsbSpec E = new("e", 0, 0, 0.05, 0.95, 0, Latest: false);
    public static readonly YcsbSpec F = new("f", 0.50, 0, 0, 0, 0.50, Latest: false);

    public static IReadOnlyList<YcsbSpec> All { get; } = [A, B, C, D, E, F];

    public YcsbOperation Choose(double draw) =>
        draw < Read ? YcsbOperation.Read
        : draw < Read + Update ? YcsbOperation.Update
        : draw < Read + Update + Insert ? YcsbOperation.Insert
        : draw < Read + Update + Insert + Scan ? YcsbOperation.Scan
        : YcsbOperation.ReadModifyWrite;
}
