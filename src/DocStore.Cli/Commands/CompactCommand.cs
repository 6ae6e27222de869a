using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore compact db`: rewrites the database densely in place (<see cref="DocStoreContext.Compact()"/>).</summary>
internal sealed class CompactCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var command = new Command("compact", "Rewrite the database densely and give free space back to the file system. Safe against a crash at any point: the old or the compacted file survives, complete.")
        {
            db,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: false);
            var before = database.GetStatistics();
            database.Compact();
            var after = database.GetStatistics();
            Console.WriteLine($"compacted {database.Path}: {StatsCommand.Bytes(Total(before))} -> {StatsCommand.Bytes(Total(after))} ({before.PageCount} -> {after.PageCount} pages)");
            return ExitCodes.Success;
        }));
        return command;
    }

    private static long Total(DatabaseStatistics s) => s.DatabaseFileBytes + s.WalFileBytes + s.RedoFileBytes;
}
