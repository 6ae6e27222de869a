using DocStore.TestShared;

namespace DocStore.Tests.Support;

/// <summary>Runs tests/DocStore.CrashHost (copied beside the tests) as a child process and collects its output lines.</summary>
internal sealed class CrashHostProcess(params string[] args) : IDisposable
{
    private readonly ChildProcessLines _process = new("DocStore.CrashHost.dll", args);

    /// <summary>The next line of output, or null when the process closed its output or the timeout passed.</summary>
    public string? ReadLine(TimeSpan timeout) =>
        _process.Lines.TryTake(out var line, timeout) ? line : null;

    /// <summary>What the process wrote to its error output so far.</summary>
    public string ErrorText => _process.ErrorText;

    /// <summary>Whether the process closed its output and every line was taken.</summary>
    public bool OutputEnded => _process.Lines.IsCompleted;

    /// <summary>Every line printed so far.</summary>
    public List<string> DrainLines()
    {
        var lines = new List<string>();
        while (_process.Lines.TryTake(out var line))
        {
            lines.Add(line);
        }

        return lines;
    }

    public void Kill() => _process.Kill();

    public void CloseInput() => _process.CloseInput();

    /// <summary>Writes <paramref name="line"/> to the process's standard input.</summary>
    public void Send(string line) => _process.Send(line);

    /// <summary>The process's exit code, once it has exited.</summary>
    public int ExitCode => _process.ExitCode;

    public void WaitForExit() => _process.WaitForExit();

    public void Dispose() => _process.Dispose();
}
