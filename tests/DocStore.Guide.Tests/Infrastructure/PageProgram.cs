using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Microsoft.CodeAnalysis.Text;

namespace DocStore.Guide.Tests.Infrastructure;

/// <summary>
/// The source files of one page's program: the top-level statements of every ```csharp block, in order,
/// form Program.cs; each block's type declarations form a file of their own; every using directive becomes
/// a global using. Each piece starts with a <c>#line</c> directive, so diagnostics and stack traces name
/// the markdown page and line.
/// </summary>
internal static class PageProgram
{
    /// <summary>The implicit usings of a `dotnet new console` project, which a reader's program has too.</summary>
    public static readonly string[] ImplicitUsings =
    [
        "System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks",
    ];

    public static CSharpParseOptions ParseOptions { get; } = new(LanguageVersion.Latest);

    /// <summary>Splits the page's C# blocks into syntax trees; <see cref="HasStatements"/> tells whether there is a program body.</summary>
    public static (IReadOnlyList<SyntaxTree> Trees, bool HasStatements) Split(MarkdownPage page)
    {
        var program = new StringBuilder();
        var usings = new StringBuilder();
        var seenUsings = new HashSet<string>(ImplicitUsings.Select(u => $"using {u};"), StringComparer.Ordinal);
        foreach (var u in ImplicitUsings)
        {
            usings.Append("global using global::").Append(u).Append(";\n");
        }

        var trees = new List<SyntaxTree>();
        var hasStatements = false;
        var index = 0;
        foreach (var block in page.CSharpBlocks)
        {
            index++;
            var root = CSharpSyntaxTree.ParseText(block.Code, ParseOptions).GetCompilationUnitRoot();
            var statements = new List<TextSpan>();
            var declarations = new List<TextSpan>();
            foreach (var member in root.Members)
            {
                (member is GlobalStatementSyntax ? statements : declarations).Add(member.FullSpan);
            }

            declarations.AddRange(root.AttributeLists.Select(a => a.FullSpan));
            var usingSpans = root.Usings.Select(u => u.FullSpan).ToList();
            foreach (var directive in root.Usings)
            {
                var text = Normalize(directive.WithoutTrivia().ToString());
                if (seenUsings.Add(text.StartsWith("global ", StringComparison.Ordinal) ? text[7..] : text))
                {
                    var line = block.FirstLine + directive.GetLocation().GetLineSpan().StartLinePosition.Line;
                    usings.Append(Line(line, page.Name)).Append(text.StartsWith("global ", StringComparison.Ordinal) ? text : "global " + text).Append('\n');
                }
            }

            hasStatements |= statements.Count > 0;
            program.Append(Line(block.FirstLine, page.Name)).Append(Blank(block.Code, [.. declarations, .. usingSpans])).Append('\n');
            if (declarations.Count > 0)
            {
                var types = Line(block.FirstLine, page.Name) + Blank(block.Code, [.. statements, .. usingSpans]);
                trees.Add(CSharpSyntaxTree.ParseText(types, ParseOptions, path: $"{page.Name}.block{index}.cs", encoding: Encoding.UTF8));
            }
        }

        trees.Add(CSharpSyntaxTree.ParseText(usings.ToString(), ParseOptions, path: $"{page.Name}.usings.cs", encoding: Encoding.UTF8));
        if (hasStatements)
        {
            trees.Add(CSharpSyntaxTree.ParseText(program.ToString(), ParseOptions, path: $"{page.Name}.Program.cs", encoding: Encoding.UTF8));
        }

        return (trees, hasStatements);
    }

    /// <summary>The page's blocks concatenated in order into one Program.cs, with the implicit usings beside it.</summary>
    public static (IReadOnlyList<SyntaxTree> Trees, bool HasStatements) OneFile(MarkdownPage page)
    {
        var program = new StringBuilder();
        foreach (var block in page.CSharpBlocks)
        {
            program.Append(Line(block.FirstLine, page.Name)).Append(block.Code).Append('\n');
        }

        var usings = string.Concat(ImplicitUsings.Select(u => $"global using global::{u};\n"));
        var root = CSharpSyntaxTree.ParseText(program.ToString(), ParseOptions).GetCompilationUnitRoot();
        return (
            [
                CSharpSyntaxTree.ParseText(usings, ParseOptions, path: $"{page.Name}.usings.cs", encoding: Encoding.UTF8),
                CSharpSyntaxTree.ParseText(program.ToString(), ParseOptions, path: $"{page.Name}.Program.cs", encoding: Encoding.UTF8),
            ],
            root.Members.Any(m => m is GlobalStatementSyntax));
    }

    private static string Line(int line, string page) => $"#line {line} \"{page}\"\n";

    private static string Normalize(string directive) => string.Join(' ', directive.Split((char[])[' ', '\t', '\n'], StringSplitOptions.RemoveEmptyEntries));

    /// <summary>The code with the given spans replaced by spaces, keeping line breaks so line numbers stay.</summary>
    private static string Blank(string code, IEnumerable<TextSpan> spans)
    {
        var chars = code.ToCharArray();
        foreach (var span in spans)
        {
            for (var i = span.Start; i < span.End; i++)
            {
                if (chars[i] != '\n')
                {
                    chars[i] = ' ';
                }
            }
        }

        return new string(chars);
    }
}
