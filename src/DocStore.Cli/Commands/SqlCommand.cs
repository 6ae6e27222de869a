using System.CommandLine;
using DocStore.Cli.Hosting;
using DocStore.Cli.Sql;

namespace DocStore.Cli.Commands;

/// <summary>`docstore sql db "statement"`: runs SQL and prints its rows.</summary>
internal sealed class SqlCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var statement = new Argument<string>("statement") { Description = "The SQL to run (docs/sql.md); several statements separated by ; run in order." };
        var format = new Option<OutputMode>("--format") { Description = "table, json (an array of row objects in relaxed Extended JSON), csv or line.", DefaultValueFactory = _ => OutputMode.Table };
        var command = new Command("sql", "Run SQL on the database and print the rows to standard output.")
        {
            db,
            statement,
            format,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            using var database = DatabaseOpener.OpenForStatements(parse.GetValue(db)!, out var cannotWrite);
            try
            {
                using var rows = database.Sql.ExecuteReader(parse.GetValue(statement)!);
                var console = ToolConsole.Of(parse);
                ResultPrinter.Print(rows, parse.GetValue(format), console.Output, console.TerminalWidth);
            }
            catch (DatabaseReadOnlyException) when (cannotWrite is not null)
            {
                // Opened as a reader because the file could not be opened to write: say why, the engine's hint does not apply.
                ToolConsole.Of(parse).Error.WriteLine($"docstore: {cannotWrite}");
                return ExitCodes.Failure;
            }
            catch (DocStoreException e) when (e is not DatabaseLockedException)
            {
                // SQL errors keep their lines: the caret excerpt is the useful part.
                ToolConsole.Of(parse).Error.WriteLine($"docstore: {e.Message}");
                return ExitCodes.Failure;
            }

            return ExitCodes.Success;
        }));
        return command;
    }
}
