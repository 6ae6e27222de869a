using System.Diagnostics;

namespace DocStore.PostgreSQL.Tests.Copying;

/// <summary>What one run of the tool returned.</summary>
public sealed record ToolRun(int ExitCode, string Output, string Error)
{
    /// <summary>Everything the run printed, for asserting what it must never show.</summary>
    public string All => Output + Error;
}

/// <summary>Runs the real `docstore` tool as a separate process (`dotnet DocStore.Cli.dll args`), as a user does.</summary>
public static class ToolProcess
{
    // A hang guard only: the assertions are on the exit code and what the process printed.
    public static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(5);

    /// <summary>The tool's assembly, copied beside the tests by the project reference.</summary>
    public static string AssemblyPath { get; } = Path.Combine(AppContext.BaseDirectory, "DocStore.Cli.dll");

    public static ToolRun Run(string workingDirectory, params string[] args) => Start(workingDirectory, null, args);

    /// <summary>Runs the tool with every file it writes limited to <paramref name="kib"/> KiB (<c>ulimit -f</c>): past it a write fails as on a full disk.</summary>
    public static ToolRun RunOnFullDisk(string workingDirectory, int kib, params string[] args) => Start(workingDirectory, kib, args);

    /// <summary>Starts the tool and returns its process, for a test that ends it from outside (its output is discarded).</summary>
    public static Process Begin(string workingDirectory, params string[] args)
    {
        var start = Info(workingDirectory, null, args);
        start.RedirectStandardOutput = false;
        start.RedirectStandardError = false;
        return Process.Start(start)!;
    }

    private static ToolRun Start(string workingDirectory, int? kib, string[] args)
    {
        using var process = Process.Start(Info(workingDirectory, kib, args))!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(HangGuard))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"docstore {string.Join(' ', args)} did not finish within {HangGuard}.");
        }

        return new ToolRun(process.ExitCode, output.Result, error.Result);
    }

    private static ProcessStartInfo Info(string workingDirectory, int? kib, string[] args)
    {
        Assert.True(File.Exists(AssemblyPath), $"The tool was not built beside the tests: {AssemblyPath}");
        var host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } path && File.Exists(path) ? path : "dotnet";
        ProcessStartInfo start;
        if (kib is { } limit)
        {
            start = new ProcessStartInfo("bash");

            // The runtime's double-mapped code memory is a file too and would meet the limit before the tool starts.
            start.Environment["DOTNET_EnableWriteXorExecute"] = "0";
            start.ArgumentList.Add("-c");
            start.ArgumentList.Add($"trap '' XFSZ; ulimit -f {limit}; exec \"$0\" \"$@\"");
            start.ArgumentList.Add(host);
        }
        else
        {
            start = new ProcessStartInfo(host);
        }

        start.ArgumentList.Add(AssemblyPath);
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        start.WorkingDirectory = workingDirectory;
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.UseShellExecute = false;
        return start;
    }
}
