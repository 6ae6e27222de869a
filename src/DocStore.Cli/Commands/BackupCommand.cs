using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore backup db dest`: a consistent copy of one snapshot (<see cref="DocStoreContext.Backup(string)"/>).</summary>
internal sealed class BackupCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var destination = new Argument<string>("dest") { Description = "The file to write the copy to (replaced if it exists; written beside it first and renamed when complete)." };
        var command = new Command("backup", "Write a consistent copy of the database to another file. The copy is staged and renamed into place only when complete, so a failed or killed backup never leaves a file that looks good.")
        {
            db,
            destination,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: true);
            var target = parse.GetValue(destination)!;
            database.Backup(target);
            Console.WriteLine($"backed up {database.Path} to {target} ({StatsCommand.Bytes(new FileInfo(target).Length)})");
            return ExitCodes.Success;
        }));
        return command;
    }
}
