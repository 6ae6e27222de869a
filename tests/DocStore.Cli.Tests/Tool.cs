using System.Diagnostics;
using System.Text;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Tests;

/// <summary>What one run of the tool returned.</summary>
public sealed record ToolResult(int ExitCode, string Output, string Error, byte[] OutputBytes);

/// <summary>
/// Runs the tool: in-process through System.CommandLine with its output captured (the usual way: quick, and
/// the same commands a user runs), or as a separate process, as a user would (`dotnet DocStore.Cli.dll args`),
/// where the process itself is the point: exit codes, pipes, locks held by another process, a full disk.
/// </summary>
public static class Tool
{
    // In-process runs take the working directory of the whole test process, so they take turns.
    private static readonly Lock InProcess = new();

    /// <summary>Runs the tool in this process with <paramref name="input"/> on its standard input (not a terminal), in <paramref name="workingDirectory"/>.</summary>
    public static ToolResult RunInProcess(string workingDirectory, string? input, params string[] args)
    {
        lock (InProcess)
        {
            var previous = Environment.CurrentDirectory;
            Environment.CurrentDirectory = workingDirectory;
            try
            {
                var bytes = new MemoryStream();
                var output = new StreamWriter(bytes, new UTF8Encoding(encoderShouldEmitUTF8Identifier: false)) { AutoFlush = true };
                var error = new StringWriter();
                var console = new ToolConsole
                {
                    Output = output,
                    Error = error,
                    Input = new StringReader(input ?? ""),
                    IsInputTerminal = false,
                    IsOutputTerminal = false,
                };
                var exitCode = CliApp.Run(args, console);
                var written = bytes.ToArray();
                return new ToolResult(exitCode, Encoding.UTF8.GetString(written), error.ToString(), written);
            }
            finally
            {
                Environment.CurrentDirectory = previous;
            }
        }
    }

    /// <summary>The tool's assembly, copied beside the tests by the project reference.</summary>
    public static string AssemblyPath { get; } = Path.Combine(AppContext.BaseDirectory, "DocStore.Cli.dll");

    public static ToolResult Run(string workingDirectory, params string[] args) => RunWithInput(workingDirectory, null, args);

    /// <summary>Runs the tool with <paramref name="input"/> on its standard input (a pipe, not a terminal).</summary>
    public static ToolResult RunWithInput(string workingDirectory, string? input, params string[] args)
    {
        Assert.True(File.Exists(AssemblyPath), $"The tool was not built beside the tests: {AssemblyPath}");
        var start = new ProcessStartInfo(DotnetHost());
        start.ArgumentList.Add(AssemblyPath);
        return Run(start, workingDirectory, input, args);
    }

    /// <summary>
    /// Runs the tool as a process with <paramref name="environment"/> added to its environment (null removes a
    /// variable): the test process's own environment is shared by tests running in parallel, so it stays untouched.
    /// </summary>
    public static ToolResult RunWithEnvironment(string workingDirectory, IReadOnlyDictionary<string, string?> environment, params string[] args)
    {
        Assert.True(File.Exists(AssemblyPath), $"The tool was not built beside the tests: {AssemblyPath}");
        var start = new ProcessStartInfo(DotnetHost());
        start.ArgumentList.Add(AssemblyPath);
        foreach (var (name, value) in environment)
        {
            start.Environment[name] = value;
        }

        return Run(start, workingDirectory, null, args);
    }

    /// <summary>
    /// Runs the tool as if its disk filled up after <paramref name="kib"/> KiB of any one file: under
    /// <c>ulimit -f</c>, where a write past the limit fails (EFBIG, with SIGXFSZ ignored) as one on a full
    /// disk does (ENOSPC), at the same place. Unix only (bash).
    /// </summary>
    public static ToolResult RunOnFullDisk(string workingDirectory, int kib, params string[] args)
    {
        Assert.True(File.Exists(AssemblyPath), $"The tool was not built beside the tests: {AssemblyPath}");
        var start = new ProcessStartInfo("bash");

        // The runtime's double-mapped code memory is a file too and would meet the limit before the tool starts.
        start.Environment["DOTNET_EnableWriteXorExecute"] = "0";
        start.ArgumentList.Add("-c");
        start.ArgumentList.Add($"trap '' XFSZ; ulimit -f {kib}; exec \"$0\" \"$@\"");
        start.ArgumentList.Add(DotnetHost());
        start.ArgumentList.Add(AssemblyPath);
        return Run(start, workingDirectory, null, args);
    }

    /// <summary>Runs the process <paramref name="start"/> describes with <paramref name="args"/> after its own arguments, in <paramref name="workingDirectory"/>, <paramref name="input"/> piped to it (null: none).</summary>
    public static ToolResult Run(ProcessStartInfo start, string workingDirectory, string? input, string[] args)
    {
        start.WorkingDirectory = workingDirectory;
        start.RedirectStandardOutput = true;
        start.RedirectStandardError = true;
        start.RedirectStandardInput = true;
        start.UseShellExecute = false;
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        if (input is not null)
        {
            process.StandardInput.Write(input);
        }

        process.StandardInput.Close();
        var output = new MemoryStream();
        var copy = process.StandardOutput.BaseStream.CopyToAsync(output);
        var error = process.StandardError.ReadToEndAsync();
        if (!process.WaitForExit(TimeSpan.FromMinutes(10)))
        {
            process.Kill(entireProcessTree: true);
            Assert.Fail($"docstore {string.Join(' ', args)} did not finish within ten minutes");
        }

        copy.Wait();
        var bytes = output.ToArray();
        return new ToolResult(process.ExitCode, Encoding.UTF8.GetString(bytes), error.Result, bytes);
    }

    /// <summary>The dotnet host that runs the tool.</summary>
    public static string DotnetHost()
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

    /// <summary>Runs the tool in-process in this folder.</summary>
    public ToolResult Run(params string[] args) => Tool.RunInProcess(Path, null, args);

    /// <summary>Runs the tool in-process in this folder with <paramref name="input"/> on standard input.</summary>
    public ToolResult RunWithInput(string input, params string[] args) => Tool.RunInProcess(Path, input, args);

    /// <summary>Runs the tool as a separate process in this folder.</summary>
    public ToolResult RunProcess(params string[] args) => Tool.Run(Path, args);

    /// <summary>Runs the tool as a process in this folder with <paramref name="environment"/> added to its environment.</summary>
    public ToolResult RunProcessWithEnvironment(IReadOnlyDictionary<string, string?> environment, params string[] args) => Tool.RunWithEnvironment(Path, environment, args);

    /// <summary>Runs the tool as a separate process in this folder, <paramref name="input"/> piped to it.</summary>
    public ToolResult RunProcessWithInput(string input, params string[] args) => Tool.RunWithInput(Path, input, args);

    public ToolResult RunOnFullDisk(int kib, params string[] args) => Tool.RunOnFullDisk(Path, kib, args);

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
