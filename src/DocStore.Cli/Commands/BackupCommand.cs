using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>
/// `docstore backup db dest`: a consistent copy of the database (<see cref="DocStoreContext.BackupFile(string, string, DocStoreEncryption, bool)"/>),
/// also while the application that uses it keeps writing in another process.
/// </summary>
internal sealed class BackupCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var destination = new Argument<string>("dest") { Description = "The file to write the copy to (written beside it first and renamed when complete); an existing file is an error without --force." };
        var force = new Option<bool>("--force") { Description = "Replace a file at dest (in one rename, once the copy is complete and checked)." };
        var command = new Command("backup", "Write a consistent copy of the database to another file, also while another process writes it. The copy is staged, checked and renamed into place only when complete, so a failed or killed backup never leaves a file that looks good.")
        {
            db,
            destination,
            force,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var source = parse.GetValue(db)!;
            if (!File.Exists(source))
            {
                throw new CliFailureException($"There is no database at '{source}'.");
            }

            var target = parse.GetValue(destination)!;
            if (File.Exists(target) && !parse.GetValue(force))
            {
                throw new CliFailureException($"'{target}' exists; pass --force to replace it, or choose another file.");
            }

            // An encrypted database is read through its password, and the copy stays encrypted under the same key.
            var encryption = DatabaseOpener.Password is { } password ? DocStoreEncryption.WithPassword(password) : DocStoreEncryption.None;
            var result = DocStoreContext.BackupFile(source, target, encryption, parse.GetValue(force));
            ToolConsole.Of(parse).Output.WriteLine($"backed up {source} to {target}: {MaintenanceReport.Copy(result)}");
            return ExitCodes.Success;
        }));
        return command;
    }
}
