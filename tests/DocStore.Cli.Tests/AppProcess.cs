using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;

namespace DocStore.Cli.Tests;

/// <summary>
/// An application as a process of its own: the crash host's <c>sharedapp</c> mode (tests/DocStore.CrashHost,
/// copied beside the tests), which opens a database shared and inserts into <c>things</c> continuously,
/// printing <c>ack id</c> after each commit. It keeps the highest acknowledged id and the other lines.
/// </summary>
internal sealed class AppProcess : IDisposable
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);
    private readonly Process _process;
    private readonly BlockingCollection<string> _lines = [];
    private readonly ConcurrentQueue<string> _errors = new();
    private long _acknowledged;

    public AppProcess(string path, long firstId)
    {
        var info = new ProcessStartInfo(Tool.DotnetHost())
        {
            RedirectStandardOutput = true,
            RedirectStandardInput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "DocStore.CrashHost.dll"));
        info.ArgumentList.Add("sharedapp");
        info.ArgumentList.Add(path);
        info.ArgumentList.Add(firstId.ToString(CultureInfo.InvariantCulture));
        _acknowledged = firstId - 1;
        _process = new Process { StartInfo = info };
        _process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                _lines.CompleteAdding();
            }
            else if (e.Data.StartsWith("ack ", StringComparison.Ordinal))
            {
                Volatile.Write(ref _acknowledged, long.Parse(e.Data[4..], CultureInfo.InvariantCulture));
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
        Id = int.Parse(WaitFor(l => l.StartsWith("ready ", StringComparison.Ordinal), "the application to open")[6..], CultureInfo.InvariantCulture);
    }

    /// <summary>The application's process id, as its slot in the shared file names it.</summary>
    public int Id { get; }

    /// <summary>The highest id whose insert the application acknowledged (it inserts in order).</summary>
    public long Acknowledged => Volatile.Read(ref _acknowledged);

    /// <summary>Waits until the application acknowledged <paramref name="id"/> (a hang guard only).</summary>
    public void WaitForAcknowledged(long id)
    {
        Assert.True(SpinWait.SpinUntil(() => Acknowledged >= id || _lines.IsCompleted, HangGuard), $"hung: the application acknowledged only up to {Acknowledged}");
        Assert.True(Acknowledged >= id, "the application ended: " + string.Join("\n", _errors));
    }

    /// <summary>The next line other than an acknowledgement that matches <paramref name="match"/>.</summary>
    public string WaitFor(Func<string, bool> match, string what)
    {
        while (_lines.TryTake(out var line, HangGuard))
        {
            if (match(line))
            {
                return line;
            }
        }

        Assert.Fail($"no line for {what}: " + string.Join("\n", _errors));
        return "";
    }

    public void Send(string line)
    {
        _process.StandardInput.WriteLine(line);
        _process.StandardInput.Flush();
    }

    /// <summary>Ends the application: its inserts stop, it closes the database and exits.</summary>
    public void Close()
    {
        _process.StandardInput.Close();
        WaitFor(l => l == "closed", "the application to close");
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
            // Exited already.
        }

        _process.WaitForExit();
        _process.Dispose();
        _lines.Dispose();
    }
}
