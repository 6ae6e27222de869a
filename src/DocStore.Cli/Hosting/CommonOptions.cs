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

    /// <summary>The password of an encrypted database; the environment variable keeps it out of shell history.</summary>
    public static readonly Option<string?> Password = new("--password")
    {
        Description = "The password of an encrypted database (or set DOCSTORE_PASSWORD, which keeps it out of the shell's history).",
        Recursive = true,
    };

    /// <summary>The environment variable a password is read from when --password is not given.</summary>
    public const string PasswordVariable = "DOCSTORE_PASSWORD";

    /// <summary>The database file argument (first of most commands).</summary>
    public static Argument<string> Database() => new("db") { Description = "The database file." };
}
