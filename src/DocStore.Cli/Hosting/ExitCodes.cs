namespace DocStore.Cli.Hosting;

/// <summary>The tool's exit codes.</summary>
internal static class ExitCodes
{
    /// <summary>The command did what it was asked.</summary>
    public const int Success = 0;

    /// <summary>The command failed: one line on standard error says why.</summary>
    public const int Failure = 1;

    /// <summary>The command line was wrong (unknown option, missing argument, bad value).</summary>
    public const int Usage = 2;
}
