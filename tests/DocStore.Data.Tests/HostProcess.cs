using DocStore.TestShared;

namespace DocStore.Data.Tests;

/// <summary>Runs tests/DocStore.Data.Host (copied beside the tests), a Dapper program of its own, and reads its lines.</summary>
internal sealed class HostProcess(params string[] args) : IDisposable
{
    // Only a guard against a hang: the tests decide on the lines the host prints.
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);

    private readonly ChildProcessLines _process = new("DocStore.Data.Host.dll", args);

    /// <summary>Reads lines until one satisfies <paramref name="match"/>; fails on a "failed" line, the output's end or the hang guard.</summary>
    public string WaitFor(Func<string, bool> match, string what)
    {
        var deadline = DateTime.UtcNow + HangGuard;
        while (DateTime.UtcNow < deadline)
        {
            if (!_process.Lines.TryTake(out var line, TimeSpan.FromSeconds(1)))
            {
                Assert.False(_process.Lines.IsCompleted, $"waiting for {what}, the host ended its output: {_process.ErrorText}");
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
    public void Send(string line) => _process.Send(line);

    /// <summary>Ends the host's input, so it closes its connection, and waits for it to exit.</summary>
    public void Close()
    {
        _process.CloseInput();
        WaitFor(l => l == "closed", "the host to close its connection");
        _process.WaitForExit();
    }

    public void Dispose() => _process.Dispose();
}
