using System.Collections.Concurrent;
using System.Diagnostics;

namespace DocStore.Data.Tests;

/// <summary>Runs tests/DocStore.Data.Host (copied beside the tests), a Dapper program of its own, and reads its lines.</summary>
internal sealed class HostProcess : IDisposable
{
    // Only a guard against a hang: the tests decide on the lines the host prints.
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);

    private readonly Process _process;
    private readonly BlockingCollection<string> _lines = [];
    private readonly ConcurrentQueue<string> _errors = new();

    public HostProcess(params string[] args)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardInput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "DocStore.Data.Host.dll"));
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        _process = new Process { StartInfo = info };
        _process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                _lines.CompleteAdding();
            }
            else
            {
                _lines.Add(e.Data);
            }
        };
        _process.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                _errors.Enqueue(e.Data);
            }
        };
        _process.Start();
        _process.BeginOutputReadLine();
        _process.BeginErrorReadLine();
    }

    /// <summary>Reads lines until one satisfies <paramref name="match"/>; fails on a "failed" line, the output's end or the hang guard.</summary>
    public string WaitFor(Func<string, bool> match, string what)
    {
        var deadline = DateTime.UtcNow + HangGuard;
        while (DateTime.UtcNow < deadline)
        {
            if (!_lines.TryTake(out var line, TimeSpan.FromSeconds(1)))
            {
                Assert.False(_lines.IsCompleted, $"waiting for {what}, the host ended its output: {string.Join("\n", _errors)}");
                continue;
            }

            Assert.False(line.StartsWith("failed", StringComparison.Ordinal), $"waiting for {what}, the host reported: {line}");
            if (match(line))
            {
                return line;
            }
        }

        Assert.Fail($"no line for {what} within {HangGuard}");
        return "";
    }

    /// <summary>Writes <paramref name="line"/> to the host's standard input.</summary>
    public void Send(string line)
    {
        _process.StandardInput.WriteLine(line);
        _process.StandardInput.Flush();
    }

    /// <summary>Ends the host's input, so it closes its connection, and waits for it to exit.</summary>
    public void Close()
    {
        _process.StandardInput.Close();
        WaitFor(l => l == "closed", "the host to close its connection");
        _process.WaitForExit();
    }

    public void Dispose()
    {
        try
        {
            _process.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // Already exited.
        }

        _process.WaitForExit();
        _process.Dispose();
        _lines.Dispose();
    }
}
