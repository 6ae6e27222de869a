using System.Diagnostics;
using System.Text;

namespace DocStore.Cli.Tests;

/// <summary>What one run of the tool returned.</summary>
public sealed record ToolResult(int ExitCode, string Output, string Error, byte[] OutputBytes);

/// <summary>Runs the built tool as a separate process, as a user would: `dotnet DocStore.Cli.dll args`.</summary>
public static class Tool
{
    /// <summary>The tool's assembly, copied beside the tests by the project reference.</summary>
    public static string AssemblyPath { get; } = Path.Combine(AppContext.BaseDirectory, "DocStore.Cli.dll");

    public static ToolResult Run(string workingDirectory, params string[] args)
    {
        Assert.True(File.Exists(AssemblyPath), $"The tool was not built beside the tests: {AssemblyPath}");
        var start = new ProcessStartInfo(DotnetHost())
        {
            WorkingDirectory = workingDirectory,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            RedirectStandardInput = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(AssemblyPath);
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        process.StandardInput.Close();
        var output = new MemoryStream();
        var copy = process.StandardOutput.BaseStream.CopyToAsync(output);
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(2)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"docstore {string.Join(' ', args)} did not finish within two minutes");
        }

        copy.Wait();
        var bytes = output.ToArray();
        return new ToolResult(process.ExitCode, Encoding.UTF8.GetString(bytes), error.Result, bytes);
    }

    private static string DotnetHost()
    {
        // The SDK names the host it runs under; a test run outside the SDK falls back to the one on PATH.
        var host = Environment.GetEnvironmentVariable("DOTNET_HOST_PATH");
        return !string.IsNullOrEmpty(host) && File.Exists(host) ? host : "dotnet";
    }
}

/// <summary>A temporary folder for one test's files, deleted afterwards.</summary>
public sealed class TempFolder : IDisposable
{
    public TempFolder() => Directory.CreateDirectory(Path);

    public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "docstore-cli-" + Guid.NewGuid().ToString("N"));

    public string this[string name] => System.IO.Path.Combine(Path, name);

    public ToolResult Run(params string[] args) => Tool.Run(Path, args);

    public void Dispose()
    {
        try
        {
            Directory.Delete(Path, recursive: true);
        }
        catch (IOException)
        {
        }
    }
}
