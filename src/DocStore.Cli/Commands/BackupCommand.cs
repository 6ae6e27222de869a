using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>
/// `docstore backup db dest`: a consistent copy of the database (<see cref="DocStoreContext.BackupFile"/>),
/// also while the application that uses it keeps writing in another process.
/// </summary>
internal sealed class BackupCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var destination = new Argument<string>("dest") { Description = "The file to write the copy to (replaced if it exists; written beside it first and renamed when complete)." };
        var command = new Command("backup", "Write a consistent copy of the database to another file, also while another process writes it. The copy is staged, checked and renamed into place only when complete, so a failed or killed backup never leaves a file that looks good.")
        {
            db,
            destination,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var source = parse.GetValue(db)!;
            if (!File.Exists(source))
            {
                throw new CliFailureException($"There is no database at '{source}'.");
            }

            var target = parse.GetValue(destination)!;
            DocStoreContext.BackupFile(source, target);
            Console.WriteLine($"backed up {source} to {target} ({StatsCommand.Bytes(new FileInfo(target).Length)})");
            return ExitCodes.Success;
        }));
        return command;
    }
}
