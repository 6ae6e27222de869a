using System.Diagnostics;
using System.Globalization;
using System.Text;

namespace DocStore.Benchmarks.Compare.Processes;

/// <summary>
/// The parent's handle on one child of a <c>procs_*</c> row: the benchmark executable started again in
/// <c>compare-peer</c> mode (<see cref="PeerChild"/>), driven a line at a time through its standard input and output.
/// </summary>
internal sealed class PeerProcess : IDisposable
{
    private readonly Process _process;
    private readonly StringBuilder _errors = new();
    private readonly string _what;

    private PeerProcess(Process process, string what)
    {
        _process = process;
        _what = what;
        _process.ErrorDataReceived += (_, e) =>
        {
            lock (_errors)
            {
                _errors.AppendLine(e.Data);
            }
        };
        _process.BeginErrorReadLine();
    }

    /// <summary>Starts a child on the database in <paramref name="directory"/>; it warms up on its own before <see cref="WaitReady"/> returns.</summary>
    public static PeerProcess Start(string engine, string directory, PeerRole role, int count, int seed, TimeSpan quiet, TimeSpan longestWarmUp)
    {
        var self = Environment.ProcessPath!;
        var start = new ProcessStartInfo(self) { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        if (Path.GetFileNameWithoutExtension(self) == "dotnet")
        {
            start.ArgumentList.Add(typeof(PeerProcess).Assembly.Location);
        }

        string[] arguments =
        [
            "compare-peer", "--engine", engine, "--dir", directory, "--role", role == PeerRole.Writer ? "writer" : "reader",
            "--count", Text(count), "--seed", Text(seed),
            "--quiet-ms", Text((int)quiet.TotalMilliseconds), "--max-warmup-ms", Text((int)longestWarmUp.TotalMilliseconds),
        ];
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        var process = Process.Start(start) ?? throw new InvalidOperationException($"compare: could not start {self}.");
        return new PeerProcess(process, $"{engine} {role.ToString().ToLowerInvariant()} process {process.Id}");
    }

    /// <summary>Waits for the child's <c>ready</c> (it has opened the database and warmed up).</summary>
    public void WaitReady()
    {
        var line = ReadLine();
        if (line != "ready")
        {
            throw Failed(line);
        }
    }

    /// <summary>Tells the child to run a round of <paramref name="budget"/>; <see cref="Result"/> reads what it did.</summary>
    public void Begin(TimeSpan budget, int round)
    {
        _process.StandardInput.WriteLine(string.Create(CultureInfo.InvariantCulture, $"run {(int)budget.TotalMilliseconds} {round}"));
        _process.StandardInput.Flush();
    }

    public PeerRound Result()
    {
        var line = ReadLine();
        return line is null ? throw Failed(line) : PeerRound.Parse(line);
    }

    public void Dispose()
    {
        try
        {
            _process.StandardInput.WriteLine("quit");
            _process.StandardInput.Close();
        }
        catch (IOException)
        {
            // The child is gone already.
        }

        if (!_process.WaitForExit(TimeSpan.FromSeconds(30)))
        {
            _process.Kill();
            _process.WaitForExit();
        }

        _process.Dispose();
    }

    private string? ReadLine() => _process.StandardOutput.ReadLine();

    private InvalidOperationException Failed(string? line)
    {
        _process.WaitForExit(TimeSpan.FromSeconds(10));
        string errors;
        lock (_errors)
        {
            errors = _errors.ToString().Trim();
        }

        return new InvalidOperationException($"compare: the {_what} failed{(_process.HasExited ? $" (exit {_process.ExitCode})" : "")}: {line ?? errors}");
    }

    private static string Text(int value) => value.ToString(CultureInfo.InvariantCulture);
}
