using System.Collections.Concurrent;
using System.Diagnostics;

namespace DocStore.Cli.Tests;

/// <summary>
/// A shell left open and idle beside an application that writes the database shared does not hold the
/// application back: its inserts go on while the shell waits for input, and the shell's next query reads them.
/// </summary>
public sealed class IdleShellTests : IDisposable
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);
    private readonly TempFolder _dir = new();

    public void Dispose() => _dir.Dispose();

    [Fact]
    public void An_idle_shell_does_not_lock_out_the_application_and_then_reads_its_commits()
    {
        File.WriteAllLines(_dir["seed.jsonl"], Enumerable.Range(1, 20).Select(i => $"{{\"_id\": {i}}}"));
        Assert.Equal(0, _dir.Run("import", "app.db", "things", "seed.jsonl").ExitCode);
        using var app = new AppProcess(_dir["app.db"], 21);
        app.WaitForAcknowledged(30);

        using var shell = StartShell();
        var lines = new BlockingCollection<string>();
        shell.OutputDataReceived += (_, e) =>
        {
            if (e.Data is { } line)
            {
                lines.Add(line);
            }
        };
        shell.BeginOutputReadLine();
        shell.StandardInput.WriteLine(".mode csv");
        shell.StandardInput.WriteLine("SELECT COUNT(*) AS n FROM things;");
        shell.StandardInput.Flush();
        var first = NextCount(lines);

        // The shell now has the database open and waits for input: the application commits 300 more inserts.
        var target = app.Acknowledged + 300;
        app.WaitForAcknowledged(target);

        shell.StandardInput.WriteLine("SELECT COUNT(*) AS n FROM things;");
        shell.StandardInput.Flush();
        var second = NextCount(lines);
        shell.StandardInput.Close();
        Assert.True(shell.WaitForExit(HangGuard), "hung: the shell did not end at the end of its input");
        Assert.Equal(0, shell.ExitCode);

        Assert.True(first >= 30, $"the first count {first} misses acknowledged inserts");
        Assert.True(second >= target, $"the shell's second count {second} misses inserts acknowledged before it ({target})");
        app.Close();
    }

    private Process StartShell()
    {
        var info = new ProcessStartInfo(Tool.DotnetHost())
        {
            WorkingDirectory = _dir.Path,
            RedirectStandardInput = true,
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        info.ArgumentList.Add(Tool.AssemblyPath);
        info.ArgumentList.Add("shell");
        info.ArgumentList.Add("app.db");
        var process = new Process { StartInfo = info };
        process.ErrorDataReceived += (_, _) => { };
        process.Start();
        process.BeginErrorReadLine();
        return process;
    }

    // The value line after the next "n" header of csv mode.
    private static long NextCount(BlockingCollection<string> lines)
    {
        var header = false;
        while (lines.TryTake(out var line, HangGuard))
        {
            if (header)
            {
                return long.Parse(line, System.Globalization.CultureInfo.InvariantCulture);
            }

            header = line == "n";
        }

        Assert.Fail("hung: the shell printed no count");
        return 0;
    }
}
