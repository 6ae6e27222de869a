using System.CommandLine;
using System.Globalization;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore stats db`: where the bytes go, from one read snapshot (<see cref="DocStoreContext.GetStatistics"/>).</summary>
internal sealed class StatsCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var command = new Command("stats", "Show the database's files, pages and free pages, and per collection and index: entries, pages and how full they are.")
        {
            db,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: true);
            var stats = database.GetStatistics();
            var o = ToolConsole.Of(parse).Output;
            o.WriteLine($"file: {stats.Path}");
            o.WriteLine($"  database {Bytes(stats.DatabaseFileBytes)}, WAL {Bytes(stats.WalFileBytes)}, redo {Bytes(stats.RedoFileBytes)}");
            o.WriteLine($"  {stats.PageCount} pages of {stats.PageSize} bytes, {stats.FreePages} free, catalog {stats.CatalogPages}, other trees {stats.OtherTreePages}, overflow halves {stats.OverflowHalvesPages}");
            o.WriteLine();
            o.WriteLine($"{"tree",-40} {"entries",10} {"pages",8} {"bytes",10} {"fill",6}");
            foreach (var collection in stats.Collections)
            {
                Row(o, collection.Name, collection.Documents);
                foreach (var index in collection.Indexes)
                {
                    var kind = index.IsUnique ? " (unique)" : index.IsMultikey ? " (multikey)" : "";
                    Row(o, $"  {index.Name}{kind}", index.Tree);
                }
            }

            return ExitCodes.Success;
        }));
        return command;
    }

    private static void Row(TextWriter o, string name, TreeStatistics tree) =>
        o.WriteLine($"{name,-40} {tree.Entries,10} {tree.TotalPages,8} {Bytes(tree.PageBytes),10} {tree.FillFactor.ToString("P0", CultureInfo.InvariantCulture),6}");

    internal static string Bytes(long bytes) => bytes switch
    {
        < 1024 => $"{bytes} B",
        < 1024 * 1024 => (bytes / 1024.0).ToString("0.0 KiB", CultureInfo.InvariantCulture),
        _ => (bytes / (1024.0 * 1024)).ToString("0.00 MiB", CultureInfo.InvariantCulture),
    };
}
