using System.CommandLine;

namespace DocStore.Cli.Hosting;

/// <summary>Options every command accepts.</summary>
internal static class CommonOptions
{
    /// <summary>Prints the stack trace of a failure as well as its message.</summary>
    public static readonly Option<bool> Verbose = new("--verbose")
    {
        Description = "On failure, print the exception and its stack trace, not only the message.",
        Recursive = true,
    };

    /// <summary>The database file argument (first of most commands).</summary>
    public static Argument<string> Database() => new("db") { Description = "The database file." };
}
