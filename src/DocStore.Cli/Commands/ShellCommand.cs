using System.CommandLine;
using DocStore.Cli.Hosting;
using DocStore.Cli.Sql;

namespace DocStore.Cli.Commands;

/// <summary>`docstore shell db`: the interactive SQL shell, or a script from standard input when it is not a terminal.</summary>
internal sealed class ShellCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var command = new Command("shell", "An interactive SQL prompt with history and dot commands (.help). When standard input is not a terminal it runs the statements it reads: docstore shell app.db < script.sql")
        {
            db,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            // An existing file this process cannot write is opened as a reader, as by `sql`; a new one is created.
            var path = parse.GetValue(db)!;
            string? cannotWrite = null;
            using var database = File.Exists(path) ? DatabaseOpener.OpenForStatements(path, out cannotWrite) : DatabaseOpener.OpenOrCreateShared(path);
            var console = ToolConsole.Of(parse);
            var shell = new SqlShell(database, console.Output, console.Error, console.TerminalWidth, cannotWrite);
            if (!console.IsInputTerminal)
            {
                shell.RunScript(console.Input);
                return shell.Failures == 0 ? ExitCodes.Success : ExitCodes.Failure;
            }

            shell.RunInteractive();
            return ExitCodes.Success;
        }));
        return command;
    }
}
