using System.Diagnostics;
using System.Runtime.Versioning;

namespace DocStore.Cli.Tests;

/// <summary>
/// Runs the tool as a user who may read the test's files but not write them. Root writes any file, so a
/// privileged test process runs the tool as <c>nobody</c> through <c>setpriv</c>; an unprivileged one runs it as
/// itself, which file modes already keep out. Unix only.
/// </summary>
[UnsupportedOSPlatform("windows")]
public static class OtherUserRun
{
    private const string Nobody = "65534";

    /// <summary>Runs the tool in <paramref name="workingDirectory"/> with <paramref name="input"/> piped to it (null: none).</summary>
    public static ToolResult Run(string workingDirectory, string? input, params string[] args)
    {
        Assert.True(File.Exists(Tool.AssemblyPath), $"The tool was not built beside the tests: {Tool.AssemblyPath}");
        using var home = new TempFolder();
        File.SetUnixFileMode(home.Path, (UnixFileMode)0b111_111_111);
        var start = Environment.IsPrivilegedProcess ? new ProcessStartInfo("setpriv") : new ProcessStartInfo(Tool.DotnetHost());
        if (Environment.IsPrivilegedProcess)
        {
            foreach (var argument in new[] { "--reuid=" + Nobody, "--regid=" + Nobody, "--clear-groups", "--", Tool.DotnetHost() })
            {
                start.ArgumentList.Add(argument);
            }
        }

        // The host writes its first-run marker under HOME, which must be somewhere this user may write.
        start.Environment["HOME"] = home.Path;
        start.Environment["DOTNET_CLI_HOME"] = home.Path;
        start.ArgumentList.Add(Tool.AssemblyPath);
        return Tool.Run(start, workingDirectory, input, args);
    }
}
