using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore drop db collection [--if-exists]`: deletes a collection with its documents and indexes (<see cref="DocStoreContext.DropCollection"/>).</summary>
internal sealed class DropCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var collection = new Argument<string>("collection") { Description = "The collection to drop, exactly as stored." };
        var ifExists = new Option<bool>("--if-exists") { Description = "Succeed without doing anything when there is no such collection." };
        var command = new Command("drop", "Delete a collection: its documents, its indexes and its catalog record. The space goes to the free list for new data; run compact to give it back to the file system.")
        {
            db,
            collection,
            ifExists,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var name = parse.GetValue(collection)!;
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: false);
            if (database.DropCollection(name))
            {
                ToolConsole.Of(parse).Output.WriteLine($"dropped collection {name} from {database.Path}");
            }
            else if (parse.GetValue(ifExists))
            {
                ToolConsole.Of(parse).Output.WriteLine($"no collection {name} in {database.Path}: nothing dropped");
            }
            else
            {
                throw DatabaseOpener.NoSuchCollection(database, name);
            }

            return ExitCodes.Success;
        }));
        return command;
    }
}
