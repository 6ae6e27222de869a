using System.CommandLine;
using System.CommandLine.Help;
using DocStore.Cli.Commands;
using DocStore.Cli.Hosting;

namespace DocStore.Cli;

/// <summary>Builds the root command from the registry, parses, and maps the outcome to an exit code.</summary>
internal static class CliApp
{
    /// <summary>Runs the tool with <paramref name="args"/>; returns the process exit code (<see cref="ExitCodes"/>).</summary>
    /// <param name="args">The command line.</param>
    /// <param name="console">The streams to use; the process's own when null.</param>
    public static int Run(string[] args, ToolConsole? console = null)
    {
        console ??= new ToolConsole();
        console.EnableDefaultExceptionHandler = false;
        var root = BuildRoot();
        var result = root.Parse(args);
        if (result.Errors.Count > 0)
        {
            // System.CommandLine would exit 1 for a parse error; usage errors are 2 here, as for most Unix tools.
            foreach (var error in result.Errors.DistinctBy(e => e.Message))
            {
                console.Error.WriteLine($"docstore: {error.Message}");
            }

            console.Error.WriteLine("Run 'docstore --help', or 'docstore <command> --help', for usage.");
            return ExitCodes.Usage;
        }

        return result.Invoke(console);
    }

    /// <summary>The root command with every registered command under it.</summary>
    public static Command BuildRoot()
    {
        // A RootCommand takes its name from the assembly (DocStore.Cli); usage lines should read "docstore".
        var root = new Command("docstore", "docstore: query, import, export, check, back up, compact and copy DocStore databases (also to and from PostgreSQL), and drop or rename their collections.")
        {
            new HelpOption(),
            new VersionOption(),
            CommonOptions.Verbose,
            CommonOptions.Password,
        };
        foreach (var command in CommandRegistry.Commands)
        {
            root.Subcommands.Add(command.Create());
        }

        return root;
    }
}
