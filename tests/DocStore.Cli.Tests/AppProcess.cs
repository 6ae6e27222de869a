using System.Globalization;
using DocStore.TestShared;

namespace DocStore.Cli.Tests;

/// <summary>
/// An application as a process of its own: the crash host's <c>sharedapp</c> mode (tests/DocStore.CrashHost,
/// copied beside the tests), which opens a database shared and inserts into <c>things</c> continuously,
/// printing <c>ack id</c> after each commit. It keeps the highest acknowledged id and the other lines.
/// </summary>
internal sealed class AppProcess : IDisposable
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);
    private readonly ChildProcessLines _process;
    private long _acknowledged;

    public AppProcess(string path, long firstId)
    {
        _acknowledged = firstId - 1;
        _process = new ChildProcessLines("DocStore.CrashHost.dll", ["sharedapp", path, firstId.ToString(CultureInfo.InvariantCulture)], Tool.DotnetHost(), TakeAcknowledgement);
        Id = int.Parse(WaitFor(l => l.StartsWith("ready ", StringComparison.Ordinal), "the application to open")[6..], CultureInfo.InvariantCulture);
    }

    /// <summary>The application's process id, as its slot in the shared file names it.</summary>
    public int Id { get; }

    /// <summary>The highest id whose insert the application acknowledged (it inserts in order).</summary>
    public long Acknowledged => Volatile.Read(ref _acknowledged);

    /// <summary>Waits until the application acknowledged <paramref name="id"/> (a hang guard only).</summary>
    public void WaitForAcknowledged(long id)
    {
        Assert.True(SpinWait.SpinUntil(() => Acknowledged >= id || _process.Lines.IsCompleted, HangGuard), $"hung: the application acknowledged only up to {Acknowledged}");
        Assert.True(Acknowledged >= id, "the application ended: " + _process.ErrorText);
    }

    /// <summary>The next line other than an acknowledgement that matches <paramref name="match"/>.</summary>
    public string WaitFor(Func<string, bool> match, string what)
    {
        while (_process.Lines.TryTake(out var line, HangGuard))
        {
            if (match(line))
            {
                return line;
            }
        }

        Assert.Fail($"no line for {what}: " + _process.ErrorText);
        return "";
    }

    public void Send(string line) => _process.Send(line);

    /// <summary>Ends the application: its inserts stop, it closes the database and exits.</summary>
    public void Close()
    {
        _process.CloseInput();
        WaitFor(l => l == "closed", "the application to close");
        _process.WaitForExit();
    }

    public void Dispose() => _process.Dispose();

    // An "ack id" line moves the highest acknowledged id instead of being queued.
    private bool TakeAcknowledgement(string line)
    {
        if (!line.StartsWith("ack ", StringComparison.Ordinal))
        {
            return false;
        }

        Volatile.Write(ref _acknowledged, long.Parse(line[4..], CultureInfo.InvariantCulture));
        return true;
    }
}
