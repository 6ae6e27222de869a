namespace DocStore.Guide.Tests.Infrastructure;

/// <summary>One fenced code block of a markdown page.</summary>
/// <param name="Info">The fence's info string (<c>csharp</c>, <c>bash</c>, ...), empty when none.</param>
/// <param name="FirstLine">The 1-based markdown line of the block's first code line.</param>
/// <param name="Code">The lines between the fences, joined with '\n'.</param>
internal sealed record CodeBlock(string Info, int FirstLine, string Code);

/// <summary>A markdown page split into its fenced code blocks and its relative links.</summary>
internal sealed class MarkdownPage
{
    private MarkdownPage(string name, IReadOnlyList<CodeBlock> blocks, IReadOnlyList<(int Line, string Target)> links)
    {
        Name = name;
        Blocks = blocks;
        Links = links;
    }

    /// <summary>The page's name as diagnostics show it (<c>getting-started.md</c>).</summary>
    public string Name { get; }

    public IReadOnlyList<CodeBlock> Blocks { get; }

    /// <summary>Link targets that are neither absolute addresses nor in-page anchors, with their lines.</summary>
    public IReadOnlyList<(int Line, string Target)> Links { get; }

    /// <summary>The blocks the guide test compiles and runs.</summary>
    public IEnumerable<CodeBlock> CSharpBlocks => Blocks.Where(b => b.Info == "csharp");

    public static MarkdownPage Load(string path) => Parse(System.IO.Path.GetFileName(path), File.ReadAllText(path));

    /// <summary>
    /// Splits <paramref name="markdown"/> at its fences. Fences start at column 0 with three backticks;
    /// a block without an info string is refused so every block says whether it is compiled.
    /// </summary>
    /// <exception cref="InvalidDataException">An unclosed fence, a fence with no info string, or C# under another name.</exception>
    public static MarkdownPage Parse(string name, string markdown)
    {
        var lines = markdown.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var blocks = new List<CodeBlock>();
        var links = new List<(int, string)>();
        for (var i = 0; i < lines.Length; i++)
        {
            if (!lines[i].StartsWith("```", StringComparison.Ordinal))
            {
                CollectLinks(lines[i], i + 1, links);
                continue;
            }

            var info = lines[i][3..].Trim().Split(' ', 2)[0];
            var opening = i + 1;
            if (info.Length == 0)
            {
                throw new InvalidDataException($"{name}({opening}): a code block needs an info string: csharp (compiled and run) or text, bash, json, console (shown only).");
            }

            if (info is "cs" or "c#" or "C#" or "CSharp" or "csharp-nocheck")
            {
                throw new InvalidDataException($"{name}({opening}): write ```csharp so the block is compiled and run, or ```text if it must not be.");
            }

            var code = new List<string>();
            for (i++; i < lines.Length && !lines[i].StartsWith("```", StringComparison.Ordinal); i++)
            {
                code.Add(lines[i]);
            }

            if (i == lines.Length)
            {
                throw new InvalidDataException($"{name}({opening}): the code block is not closed.");
            }

            blocks.Add(new CodeBlock(info, opening + 1, string.Join('\n', code)));
        }

        return new MarkdownPage(name, blocks, links);
    }

    private static void CollectLinks(string line, int lineNumber, List<(int, string)> links)
    {
        // Inline links only ([text](target)); code spans are skipped so `a](b)` in code is not a link.
        var inCode = false;
        for (var i = 0; i < line.Length; i++)
        {
            if (line[i] == '`')
            {
                inCode = !inCode;
            }
            else if (!inCode && line[i] == ']' && i + 1 < line.Length && line[i + 1] == '(')
            {
                var end = line.IndexOf(')', i + 2);
                if (end < 0)
                {
                    continue;
                }

                var target = line[(i + 2)..end].Split(' ', 2)[0];
                if (target.Length > 0 && target[0] != '#' && !target.Contains("://", StringComparison.Ordinal) && !target.StartsWith("mailto:", StringComparison.Ordinal))
                {
                    links.Add((lineNumber, target));
                }
            }
        }
    }
}
