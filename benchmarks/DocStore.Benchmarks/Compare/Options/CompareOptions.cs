namespace DocStore.Benchmarks.Compare.Options;

/// <summary>
/// The <c>compare</c> command line: <c>compare [--quick] [--smoke] [--json PATH] [--svg PATH]
/// [--engines a,b] [--workloads a,b] [--dir PATH]</c>. Engine and workload names match case-insensitively;
/// a workload name ending in <c>*</c> is a prefix (<c>ycsb_*</c>).
/// </summary>
public sealed class CompareOptions
{
    public RunMode Mode { get; private set; } = RunMode.Full;

    public string? JsonPath { get; private set; }

    /// <summary>Where the ratio chart goes; by default docs/benchmarks-compare.svg for full and quick runs of every workload, none for smoke runs or runs narrowed with <c>--workloads</c>.</summary>
    public string? SvgPath { get; private set; }

    public IReadOnlyList<string> Engines { get; private set; } = [];

    public IReadOnlyList<string> Workloads { get; private set; } = [];

    /// <summary>The folder for database files; a fresh folder under the temp directory by default.</summary>
    public string? Directory { get; private set; }

    public static CompareOptions Parse(IReadOnlyList<string> args)
    {
        var options = new CompareOptions();
        for (var i = 0; i < args.Count; i++)
        {
            switch (args[i])
            {
                case "--quick":
                    options.Mode = RunMode.Quick;
                    break;
                case "--smoke":
                    options.Mode = RunMode.Smoke;
                    break;
                case "--json":
                    options.JsonPath = Value(args, ref i);
                    break;
                case "--svg":
                    options.SvgPath = Value(args, ref i);
                    break;
                case "--dir":
                    options.Directory = Value(args, ref i);
                    break;
                case "--engines":
                    options.Engines = List(args, ref i);
                    break;
                case "--workloads":
                    options.Workloads = List(args, ref i);
                    break;
                default:
                    throw new ArgumentException($"compare: unknown argument '{args[i]}'. Usage: {Usage}");
            }
        }

        return options;
    }

    public const string Usage = "compare [--quick] [--smoke] [--json PATH] [--svg PATH] [--engines docstore,sqlite] [--workloads name,prefix*] [--dir PATH]";

    private static string Value(IReadOnlyList<string> args, ref int i)
    {
        if (i + 1 >= args.Count || args[i + 1].StartsWith("--", StringComparison.Ordinal))
        {
            throw new ArgumentException($"compare: {args[i]} needs a value. Usage: {Usage}");
        }

        return args[++i];
    }

    /// <summary>Accepts both <c>--engines a,b</c> and <c>--engines a b</c>.</summary>
    private static string[] List(IReadOnlyList<string> args, ref int i)
    {
        var flag = args[i];
        var items = new List<string>();
        while (i + 1 < args.Count && !args[i + 1].StartsWith("--", StringComparison.Ordinal))
        {
            items.AddRange(args[++i].Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries));
        }

        return items.Count > 0 ? [.. items] : throw new ArgumentException($"compare: {flag} needs at least one name. Usage: {Usage}");
    }
}
