using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore rename db collection new-name`: renames a collection, keeping its documents and indexes (<see cref="DocStoreContext.RenameCollection"/>).</summary>
internal sealed class RenameCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var collection = new Argument<string>("collection") { Description = "The collection to rename, exactly as stored." };
        var newName = new Argument<string>("new-name") { Description = "Its new name; no collection may have it." };
        var command = new Command("rename", "Rename a collection with its documents and indexes. Only the catalog changes, so it takes the same time whatever the collection holds.")
        {
            db,
            collection,
            newName,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var (from, to) = (parse.GetValue(collection)!, parse.GetValue(newName)!);
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: false);
            if (!database.GetCollectionNames().Contains(from, StringComparer.Ordinal))
            {
                throw DatabaseOpener.NoSuchCollection(database, from);
            }

            try
            {
                database.RenameCollection(from, to);
            }
            catch (ArgumentException e)
            {
                throw new CliFailureException(e.Message);
            }

            ToolConsole.Of(parse).Output.WriteLine($"renamed collection {from} to {to} in {database.Path}");
            return ExitCodes.Success;
        }));
        return command;
    }
}
