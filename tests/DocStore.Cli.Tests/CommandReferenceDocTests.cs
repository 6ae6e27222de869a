using System.Text;
using System.Text.RegularExpressions;

namespace DocStore.Cli.Tests;

/// <summary>
/// The command list of docs/cli.md (between <c>&lt;!-- commands:begin --&gt;</c> and <c>&lt;!-- commands:end --&gt;</c>)
/// is what <c>docstore --help</c> prints: the tool's description, then each command's usage and description.
/// </summary>
public sealed partial class CommandReferenceDocTests
{
    private const string Begin = "<!-- commands:begin -->\n";
    private const string End = "<!-- commands:end -->";

    [Fact]
    public void The_command_list_in_docs_cli_md_is_the_tools_help()
    {
        var help = Tool.Run(AppContext.BaseDirectory, "--help");
        Assert.Equal(0, help.ExitCode);
        var expected = Render(Description(help.Output), Commands(help.Output));

        var page = File.ReadAllText(Path.Combine(RepositoryRoot(), "docs", "cli.md")).ReplaceLineEndings("\n");
        var start = page.IndexOf(Begin, StringComparison.Ordinal);
        var end = start < 0 ? -1 : page.IndexOf(End, start, StringComparison.Ordinal);
        Assert.True(end > start, $"docs/cli.md has no '{Begin.Trim()}' ... '{End}' block for the command list.");
        var actual = page[(start + Begin.Length)..end];

        Assert.True(actual == expected,
            "docs/cli.md's command list differs from `docstore --help` (the descriptions are in src/DocStore.Cli/CliApp.cs and " +
            "src/DocStore.Cli/Commands/*Command.cs). Replace the lines between the markers with:\n" + expected);
    }

    /// <summary>The markdown between the markers.</summary>
    private static string Render(string description, IReadOnlyList<(string Usage, string Description)> commands)
    {
        Assert.NotEmpty(commands);   // the parser below found the commands at all
        var text = new StringBuilder();
        text.Append(description).Append("\n\n| command | what it does |\n| --- | --- |\n");
        foreach (var (usage, what) in commands)
        {
            text.Append("| `docstore ").Append(usage).Append("` | ").Append(what.Replace("|", "\\|", StringComparison.Ordinal)).Append(" |\n");
        }

        return text.ToString();
    }

    /// <summary>The line under "Description:".</summary>
    private static string Description(string help) => string.Join(" ", Section(help, "Description:").Select(l => l.Trim()));

    /// <summary>
    /// The "Commands:" section: a line indented two spaces starts a command (usage, two or more spaces, the
    /// description); a line indented further continues the description, for a help printed to a narrow terminal.
    /// </summary>
    private static List<(string Usage, string Description)> Commands(string help)
    {
        var commands = new List<(string Usage, string Description)>();
        foreach (var line in Section(help, "Commands:"))
        {
            var start = CommandLine().Match(line);
            if (start.Success)
            {
                commands.Add((start.Groups[1].Value, start.Groups[2].Value.Trim()));
            }
            else
            {
                Assert.NotEmpty(commands);
                commands[^1] = (commands[^1].Usage, commands[^1].Description + " " + line.Trim());
            }
        }

        return commands;
    }

    /// <summary>The non-empty lines after <paramref name="heading"/> up to the next heading (a line that is not indented).</summary>
    private static List<string> Section(string help, string heading) =>
        [.. help.ReplaceLineEndings("\n").Split('\n')
            .SkipWhile(l => l != heading)
            .Skip(1)
            .TakeWhile(l => l.Length == 0 || l.StartsWith(' '))
            .Where(l => l.Trim().Length > 0)
            .Select(l => l.TrimEnd())];

    private static string RepositoryRoot()
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "DocStore.sln")))
            {
                return dir.FullName;
            }
        }

        throw new InvalidOperationException($"No DocStore.sln above {AppContext.BaseDirectory}.");
    }

    [GeneratedRegex(@"^  (\S.*?)\s{2,}(\S.*)$")]
    private static partial Regex CommandLine();
}
