using System.Globalization;
using DocStore.Benchmarks.Commands;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;

namespace DocStore.Benchmarks.Space;

/// <summary>
/// <c>document-sizes [--docs N] [--engines a,b] [--page-size N] [--dir PATH]</c>: loads the same people,
/// their bios drawn uniformly from one size band at a time (0.5-2 KiB up to 16-64 KiB), into each engine
/// and prints the files each needs, open and after a clean close, with the ratio to the last engine named
/// (SQLite by default). The compare rows hold 0.4-1 KiB documents; this shows how page size and overflow
/// handling fare on larger ones (docs/storage.md, "Overflow pages").
/// </summary>
public static class DocumentSizesCommand
{
    private const int BatchSize = 100;

    private static readonly (int Min, int Max)[] Bands =
        [(512, 2048), (1024, 4096), (4096, 8192), (8192, 16384), (16384, 65536)];

    /// <summary>Runs the command with <paramref name="args"/> (after <c>document-sizes</c>), writing its table to <paramref name="output"/>.</summary>
    /// <returns>The exit code: 0.</returns>
    public static int Run(string[] args, TextWriter output)
    {
        var docs = CommandArgs.Int(args, "--docs", 4_000);
        var pageSize = CommandArgs.Text(args, "--page-size") is { } size ? int.Parse(size, CultureInfo.InvariantCulture) : (int?)null;
        var engines = (CommandArgs.Text(args, "--engines") ?? "docstore,sqlite").Split(',', StringSplitOptions.RemoveEmptyEntries);
        // A folder of its own under --dir, which it deletes at the end (not the caller's folder).
        var root = Path.Combine(CommandArgs.Text(args, "--dir") ?? Path.GetTempPath(), "docstore-sizes-" + Environment.ProcessId);
        output.WriteLine($"{docs} people per band, bios uniform in the band, batches of {BatchSize}; DocStore page size {pageSize?.ToString(CultureInfo.InvariantCulture) ?? "default"}");
        output.WriteLine($"| bio bytes | {string.Join(" | ", engines.Select(e => e + " open / closed (MiB)"))} | closed, first / last |");
        output.WriteLine($"| --- |{string.Concat(engines.Select(_ => " --- |"))} --- |");
        try
        {
            foreach (var (min, max) in Bands)
            {
                var sizes = engines.Select(engine => Load(Path.Combine(root, engine), engine, pageSize, docs, min, max)).ToList();
                var cells = sizes.Select(s => string.Create(CultureInfo.InvariantCulture, $"{s.Open / 1048576.0:F2} / {s.Closed / 1048576.0:F2}"));
                var ratio = (double)sizes[0].Closed / sizes[^1].Closed;
                output.WriteLine(string.Create(CultureInfo.InvariantCulture, $"| {min}-{max} | {string.Join(" | ", cells)} | {ratio:F3}x |"));
            }
        }
        finally
        {
            if (Directory.Exists(root))
            {
                Directory.Delete(root, recursive: true);
            }
        }

        return 0;
    }

    // The bytes of the engine's files with the database open (journals included) and after it closed.
    private static (long Open, long Closed) Load(string directory, string engineName, int? pageSize, int docs, int min, int max)
    {
        if (Directory.Exists(directory))
        {
            Directory.Delete(directory, recursive: true);
        }

        Directory.CreateDirectory(directory);
        var engine = EngineCatalog.Open(engineName, new EngineConfig(directory, CommitDurability.Normal, PageSize: pageSize));
        long open;
        try
        {
            // The same seed for every engine: each stores the same documents.
            var random = new Random(min);
            var batch = new List<Person>(BatchSize);
            for (var id = 1; id <= docs; id++)
            {
                batch.Add(PersonFactory.Create(id, random.Next(min, max + 1)));
                if (batch.Count == BatchSize || id == docs)
                {
                    engine.Insert(batch);
                    batch.Clear();
                }
            }

            open = engine.FileBytes;
        }
        finally
        {
            engine.Dispose();
        }

        return (open, engine.FileBytes);
    }
}
