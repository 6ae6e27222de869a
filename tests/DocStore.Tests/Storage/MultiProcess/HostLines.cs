using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>Waits for a crash host's output lines: the next one that matches, with a hang guard only.</summary>
internal static class HostLines
{
    /// <summary>Reads lines until one satisfies <paramref name="match"/>; fails on a "bad" line, the output's end or the hang guard.</summary>
    public static string WaitFor(CrashHostProcess host, Func<string, bool> match, string what)
    {
        var deadline = DateTime.UtcNow + HangGuard.Limit;
        while (DateTime.UtcNow < deadline)
        {
            var line = host.ReadLine(TimeSpan.FromSeconds(1));
            if (line is null)
            {
                Assert.False(host.OutputEnded, $"waiting for {what}, the process ended its output: {host.ErrorText}");
                continue;
            }

            Assert.False(line.StartsWith("bad", StringComparison.Ordinal), $"waiting for {what}, the process reported: {line}");
            if (match(line))
            {
                return line;
            }
        }

        Assert.Fail($"no line for {what} within {HangGuard.Limit}");
        return "";
    }

    /// <summary>The number after <paramref name="prefix"/> in a line such as "ack 12".</summary>
    public static long Number(string line, string prefix) =>
        long.Parse(line.AsSpan(prefix.Length).Trim().ToString().Split(' ')[0], System.Globalization.CultureInfo.InvariantCulture);
}
