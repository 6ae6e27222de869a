using System.Globalization;

namespace DocStore.Benchmarks.Compare.Output;

/// <summary>
/// How the comparison's figures are printed, in every table. Dependency-free, so the docs tests compile this
/// file too and check the tables in the docs against the JSON with the same formatting.
/// </summary>
public static class ResultFormat
{
    /// <summary>A rate: "1.86M", "190.2K", "4132".</summary>
    public static string Number(double value) => value switch
    {
        >= 1_000_000 => (value / 1_000_000).ToString("0.00", CultureInfo.InvariantCulture) + "M",
        >= 10_000 => (value / 1_000).ToString("0.0", CultureInfo.InvariantCulture) + "K",
        _ => value.ToString("0", CultureInfo.InvariantCulture),
    };

    /// <summary>A latency in microseconds, with fewer decimals as it grows.</summary>
    public static string Micro(double value) => value.ToString(value < 10 ? "0.00" : value < 1000 ? "0.0" : "0", CultureInfo.InvariantCulture);

    /// <summary>Bytes allocated per operation, whole.</summary>
    public static string Allocated(double value) => value.ToString("0", CultureInfo.InvariantCulture);

    /// <summary>A file size: "-" for none (in memory), KiB below a MiB, MiB above.</summary>
    public static string Bytes(long value) => value switch
    {
        0 => "-",
        >= 1 << 20 => (value / 1048576.0).ToString("0.0", CultureInfo.InvariantCulture) + " MiB",
        _ => (value / 1024.0).ToString("0", CultureInfo.InvariantCulture) + " KiB",
    };

    /// <summary>DocStore's rate divided by a peer's: "9.76×".</summary>
    public static string Ratio(double docStore, double peer) => (docStore / peer).ToString("0.00", CultureInfo.InvariantCulture) + "×";
}
