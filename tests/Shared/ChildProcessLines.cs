using System.Collections.Concurrent;
using System.Diagnostics;

namespace DocStore.TestShared;

/// <summary>
/// A .NET program copied beside the tests (a crash host, an ADO.NET host) run as a child process with its
/// standard streams redirected: its output lines are queued as they arrive and its error output is kept for
/// failure messages. The test projects that drive such programs wrap it with their own waiting rules.
/// </summary>
internal sealed class ChildProcessLines : IDisposable
{
    private readonly Process _process;
    private readonly ConcurrentQueue<string> _errors = new();

    /// <param name="dll">The program's file name in the test's output folder.</param>
    /// <param name="args">Its arguments.</param>
    /// <param name="host">The <c>dotnet</c> host to start it with.</param>
    /// <param name="take">Sees each output line first; a line it returns true for is not queued.</param>
    public ChildProcessLines(string dll, IEnumerable<string> args, string host = "dotnet", Func<string, bool>? take = null)
    {
        var info = new ProcessStartInfo(host)
        {
            RedirectStandardOutput = true,
            RedirectStandardInput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, dll));
        foreach (var arg in args)
        {
            info.ArgumentList.Add(arg);
        }

        _process = new Process { StartInfo = info };
        _process.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                Lines.CompleteAdding();
            }
            else if (take?.Invoke(e.Data) != true)
            {
                Lines.Add(e.Data);
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

    /// <summary>The output lines not yet taken; completed when the process closes its output.</summary>
    public BlockingCollection<string> Lines { get; } = [];

    /// <summary>What the process wrote to its error output so far.</summary>
    public string ErrorText => string.Join("\n", _errors);

    /// <summary>The process's exit code, once it has exited.</summary>
    public int ExitCode => _process.ExitCode;

    /// <summary>Writes <paramref name="line"/> to the process's standard input.</summary>
    public void Send(string line)
    {
        _process.StandardInput.WriteLine(line);
        _process.StandardInput.Flush();
    }

    /// <summary>Ends the process's standard input (the hosts take that as the signal to close and exit).</summary>
    public void CloseInput() => _process.StandardInput.Close();

    public void WaitForExit() => _process.WaitForExit();

    /// <summary>Kills the process and its children, unless it has exited, and waits for it.</summary>
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

    public void Dispose()
    {
        Kill();
        _process.Dispose();
        Lines.Dispose();
    }
}
