using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>
/// `docstore rekey db [--new-password P | --decrypt]`: rewrites the database in place under a new password
/// (<see cref="DocStoreContext.Compact(DocStoreEncryption)"/>); the current one comes from --password or
/// DOCSTORE_PASSWORD, the new one from --new-password or DOCSTORE_NEW_PASSWORD.
/// </summary>
internal sealed class RekeyCommand : ICliCommand
{
    /// <summary>The environment variable the new password is read from when --new-password is not given.</summary>
    public const string NewPasswordVariable = "DOCSTORE_NEW_PASSWORD";

    public Command Create()
    {
        var db = CommonOptions.Database();
        var newPassword = new Option<string?>("--new-password") { Description = $"The password to encrypt the database under from now on (or set {NewPasswordVariable}, which keeps it out of the shell's history)." };
        var decrypt = new Option<bool>("--decrypt") { Description = "Write the database without encryption." };
        var command = new Command("rekey", "Rewrite the database in place under a new password (or, with --decrypt, none); the current password comes from --password or DOCSTORE_PASSWORD. Safe against a crash at any point: the old file under the old password or the new one under the new, complete.")
        {
            db,
            newPassword,
            decrypt,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var password = parse.GetValue(newPassword) ?? Environment.GetEnvironmentVariable(NewPasswordVariable);
            var wantsDecrypt = parse.GetValue(decrypt);
            if (wantsDecrypt == !string.IsNullOrEmpty(password))
            {
                throw new CliUsageException($"Give a new password (--new-password or {NewPasswordVariable}) or --decrypt, one of the two.");
            }

            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: false);
            var result = database.Compact(wantsDecrypt ? DocStoreEncryption.None : DocStoreEncryption.WithPassword(password!));
            var what = wantsDecrypt ? "decrypted" : "rekeyed";
            ToolConsole.Of(parse).Output.WriteLine($"{what} {database.Path}: {MaintenanceReport.Compaction(result)}");
            return ExitCodes.Success;
        }));
        return command;
    }
}
