using System.Collections.Concurrent;
using System.Diagnostics;

namespace DocStore.Tests.Support;

/// <summary>Runs tests/DocStore.CrashHost (copied beside the tests) as a child process and collects its output lines.</summary>
internal sealed class CrashHostProcess : IDisposable
{
    private readonly Process _process;
    private readonly BlockingCollection<string> _lines = [];
    private readonly ConcurrentQueue<string> _errors = new();

    public CrashHostProcess(params string[] args)
    {
        var info = new ProcessStartInfo("dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardInput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "DocStore.CrashHost.dll"));
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

    /// <summary>The next line of output, or null when the process closed its output or the timeout passed.</summary>
    public string? ReadLine(TimeSpan timeout) =>
        _lines.TryTake(out var line, timeout) ? line : null;

    /// <summary>What the process wrote to its error output so far.</summary>
    public string ErrorText => string.Join("\n", _errors);

    /// <summary>Whether the process closed its output and every line was taken.</summary>
    public bool OutputEnded => _lines.IsCompleted;

    /// <summary>Every line printed so far.</summary>
    public List<string> DrainLines()
    {
        var lines = new List<string>();
        while (_lines.TryTake(out var line))
        {
            lines.Add(line);
        }

        return lines;
    }

    public void Kill()
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
    }

    public void CloseInput() => _process.StandardInput.Close();

    /// <summary>Writes <paramref name="line"/> to the process's standard input.</summary>
    public void Send(string line)
    {
        _process.StandardInput.WriteLine(line);
        _process.StandardInput.Flush();
    }

    /// <summary>The process's exit code, once it has exited.</summary>
    public int ExitCode => _process.ExitCode;

    public void WaitForExit() => _process.WaitForExit();

    public void Dispose()
    {
        Kill();
        _process.Dispose();
        _lines.Dispose();
    }
}
