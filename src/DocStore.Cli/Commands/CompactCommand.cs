using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore compact db [--compress]`: rewrites the database densely in place (<see cref="DocStoreContext.Compact()"/>), compressing its documents when asked.</summary>
internal sealed class CompactCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var compress = new Option<bool>("--compress") { Description = "Also store every document of 256 bytes or more Brotli-compressed when that saves an eighth of it (ValueCompression.Brotli). Documents already compressed stay so either way." };
        var command = new Command("compact", "Rewrite the database densely and give free space back to the file system. Safe against a crash at any point: the old or the compacted file survives, complete.")
        {
            db,
            compress,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var compression = parse.GetValue(compress) ? ValueCompression.Brotli : ValueCompression.None;
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: false, compression);
            var result = database.Compact();
            ToolConsole.Of(parse).Output.WriteLine($"compacted {database.Path}: {MaintenanceReport.Compaction(result)}");
            return ExitCodes.Success;
        }));
        return command;
    }
}
