using System.Diagnostics;

namespace DocStore.Cli.Tests;

/// <summary>The interactive shell on a real pseudo-terminal: tmux runs it, send-keys types, capture-pane reads the screen.</summary>
public sealed class InteractiveShellTests : IDisposable
{
    private readonly TempFolder _dir = new();
    private readonly string _session = "docstore-test-" + Guid.NewGuid().ToString("N")[..8];

    public void Dispose()
    {
        Tmux("kill-session", "-t", _session);
        _dir.Dispose();
    }

    [Fact]
    public void Prompt_multiline_statement_history_and_errors()
    {
        File.WriteAllText(_dir["a.jsonl"], "{\"_id\": 1, \"name\": \"ada\"}\n{\"_id\": 2, \"name\": \"grace\"}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "people", "a.jsonl").ExitCode);
        var command = $"cd '{_dir.Path}' && '{Tool.DotnetHost()}' '{Tool.AssemblyPath}' shell app.db; echo SHELL-EXITED-$?";

        // The pane outlives the shell (remain-on-exit, set before the shell starts), so its last screen can
        // be read however late; Dispose kills the session.
        Assert.Equal(0, Tmux("new-session", "-d", "-s", _session, "-x", "160", "-y", "50", "cat").ExitCode);
        Assert.Equal(0, Tmux("set-option", "-t", _session, "remain-on-exit", "on").ExitCode);
        Assert.Equal(0, Tmux("respawn-pane", "-k", "-t", _session, command).ExitCode);

        WaitFor("docstore>");  // capture-pane drops trailing spaces

        // A statement over two lines: the continuation prompt, then the result.
        Type("SELECT COUNT(*) AS total");
        WaitFor("     ...>");
        Type("FROM people;");
        WaitFor("(1 row)");

        // History: a statement, then Up recalls it and Enter runs it again.
        Type("SELECT name FROM people WHERE _id = 2;");
        WaitFor("grace");
        Keys("Up", "Enter");
        WaitUntil(screen => Count(screen, "grace") >= 2, "the recalled statement's second result");

        // An error prints the caret excerpt, and the prompt goes on.
        Type("SELEC 1;");
        WaitFor("^");
        Type("SELECT 40 + 2 AS answer FROM people WHERE _id = 1;");
        WaitFor("42");

        Type(".quit");
        WaitFor("SHELL-EXITED-0");
    }

    [Fact]
    public void Ctrl_c_at_the_continuation_prompt_drops_the_statement_and_keeps_the_shell()
    {
        File.WriteAllText(_dir["a.jsonl"], "{\"_id\": 1, \"name\": \"ada\"}\n");
        Assert.Equal(0, _dir.Run("import", "app.db", "people", "a.jsonl").ExitCode);
        var command = $"cd '{_dir.Path}' && '{Tool.DotnetHost()}' '{Tool.AssemblyPath}' shell app.db; echo SHELL-EXITED-$?; sleep 30";
        Assert.Equal(0, Tmux("new-session", "-d", "-s", _session, "-x", "160", "-y", "50", command).ExitCode);
        WaitFor("docstore>");

        Type("SELECT COUNT(*) AS abandoned");
        WaitFor("     ...>");
        Keys("C-c");
        WaitFor("^C");

        // Had the first line survived, this would be a syntax error; had the shell ended, the marker would show.
        Type("SELECT 40 + 2 AS answer FROM people;");
        WaitFor("(1 row)");
        var screen = Tmux("capture-pane", "-p", "-t", _session, "-S", "-200").Output;
        Assert.Contains("42", screen);
        Assert.DoesNotContain("Error", screen);

        Type(".quit");
        WaitFor("SHELL-EXITED-0");
    }

    // Text goes literally (-l); an argument ending in ';' would still end tmux's own command, so it is escaped.
    private void Type(string text)
    {
        var literal = text.EndsWith(';') ? text[..^1] + "\\;" : text;
        var (exitCode, output) = Tmux("send-keys", "-t", _session, "-l", literal);
        Assert.True(exitCode == 0, $"tmux send-keys -l {text} exited {exitCode}: {output}");
        Keys("Enter");
    }

    private void Keys(params string[] keys)
    {
        var (exitCode, output) = Tmux(["send-keys", "-t", _session, .. keys]);
        Assert.True(exitCode == 0, $"tmux send-keys {string.Join(' ', keys)} exited {exitCode}: {output}");
    }

    private void WaitFor(string text) => WaitUntil(screen => screen.Contains(text, StringComparison.Ordinal), $"'{text}'");

    // Polls the screen until it shows what is awaited; the limit only catches a hang.
    private void WaitUntil(Func<string, bool> condition, string what)
    {
        var waited = Stopwatch.StartNew();
        var screen = "";
        while (waited.Elapsed < TimeSpan.FromMinutes(10))
        {
            screen = Tmux("capture-pane", "-p", "-t", _session, "-S", "-200").Output;
            if (condition(screen))
            {
                return;
            }

            Thread.Sleep(100);
        }

        Assert.Fail($"hung: the screen did not show {what} within 10 minutes:\n{screen}");
    }

    private static int Count(string text, string value) => (text.Length - text.Replace(value, "", StringComparison.Ordinal).Length) / value.Length;

    private static (int ExitCode, string Output) Tmux(params string[] args)
    {
        var start = new ProcessStartInfo("tmux") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var arg in args)
        {
            start.ArgumentList.Add(arg);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync();
        var error = process.StandardError.ReadToEnd();
        process.WaitForExit();
        return (process.ExitCode, output.Result + error);
    }
}
