using System.CommandLine;

namespace DocStore.Cli.Hosting;

/// <summary>
/// Runs a command's body and turns what it throws into an exit code and one line on standard error, so
/// no command prints a stack trace unless --verbose asks for it.
/// </summary>
internal static class CommandRunner
{
    public static int Run(ParseResult parse, Func<int> body)
    {
        var verbose = parse.GetValue(CommonOptions.Verbose);
        var error = ToolConsole.Of(parse).Error;
        var password = parse.GetValue(CommonOptions.Password) ?? Environment.GetEnvironmentVariable(CommonOptions.PasswordVariable);
        DatabaseOpener.Password = string.IsNullOrEmpty(password) ? null : password;
        try
        {
            return body();
        }
        catch (CliUsageException e)
        {
            error.WriteLine($"docstore: {e.Message}");
            return ExitCodes.Usage;
        }
        catch (Exception e) when (e is CliFailureException or DocStoreException or IOException or UnauthorizedAccessException)
        {
            Report(error, e, verbose);
            return ExitCodes.Failure;
        }
        catch (Exception e)
        {
            // A defect of the tool or the library: still one line by default, labelled as unexpected.
            error.WriteLine($"docstore: unexpected {e.GetType().Name}: {OneLine(e.Message)}");
            if (verbose)
            {
                error.WriteLine(e);
            }

            return ExitCodes.Failure;
        }
    }

    private static void Report(TextWriter error, Exception e, bool verbose)
    {
        error.WriteLine($"docstore: {OneLine(e.Message)}");
        if (verbose)
        {
            error.WriteLine(e);
        }
    }

    private static string OneLine(string message) => message.ReplaceLineEndings(" ");
}
