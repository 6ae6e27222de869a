using System.CommandLine;

namespace DocStore.Cli.Hosting;

/// <summary>
/// The standard streams of one run of the tool: System.CommandLine's configured <see cref="InvocationConfiguration.Output"/>
/// and <see cref="InvocationConfiguration.Error"/>, plus standard input and whether each end is a terminal, so
/// that the whole tool runs in-process against writers and readers a test supplies.
/// </summary>
internal sealed class ToolConsole : InvocationConfiguration
{
    /// <summary>Standard input (the shell's script when it is not a terminal).</summary>
    public TextReader Input { get; init; } = Console.In;

    /// <summary>True when standard input is a terminal: the shell then prompts and edits lines.</summary>
    public bool IsInputTerminal { get; init; } = !Console.IsInputRedirected;

    /// <summary>True when standard output is a terminal: a large import then draws a progress bar.</summary>
    public bool IsOutputTerminal { get; init; } = !Console.IsOutputRedirected;

    /// <summary>The terminal's width in columns, which tables fit; null when standard output is not a terminal.</summary>
    public int? TerminalWidth => IsOutputTerminal && Console.WindowWidth > 0 ? Console.WindowWidth : null;

    /// <summary>The console of <paramref name="parse"/>'s run; the process's own when it was invoked without one.</summary>
    public static ToolConsole Of(ParseResult parse) => parse.InvocationConfiguration as ToolConsole ?? new ToolConsole
    {
        Output = parse.InvocationConfiguration.Output,
        Error = parse.InvocationConfiguration.Error,
    };

    /// <summary>Standard output as bytes (a BSON export): the writer's own stream when it has one, else the process's.</summary>
    public Stream OpenOutputStream()
    {
        if (Output is StreamWriter writer)
        {
            writer.Flush();
            return writer.BaseStream;
        }

        return Console.OpenStandardOutput();
    }
}
