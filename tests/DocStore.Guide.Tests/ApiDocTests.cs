using System.Text.RegularExpressions;
using DocStore.Guide.Tests.Infrastructure;

namespace DocStore.Guide.Tests;

/// <summary>
/// docs/api.md names every public type of the libraries an application references, as their
/// PublicAPI.Shipped.txt and PublicAPI.Unshipped.txt files list them (the build keeps those files exact).
/// </summary>
public sealed partial class ApiDocTests
{
    private static readonly string[] Projects = ["DocStore", "DocStore.Bson", "DocStore.Data", "DocStore.Extensions.DependencyInjection"];

    [Fact]
    public void Every_public_type_is_named_in_api_md()
    {
        var types = Projects.SelectMany(PublicTypes).ToList();
        Assert.Contains("DocStore.DocStoreContext", types);   // the parser below found the types at all

        var page = File.ReadAllText(Path.Combine(Repository.Root, "docs", "api.md"));
        var named = CodeSpan().Matches(page).Select(m => m.Groups[1].Value).ToHashSet(StringComparer.Ordinal);
        var missing = types.Where(t => !named.Contains(SimpleName(t))).ToList();
        Assert.True(missing.Count == 0,
            "docs/api.md does not name these public types:\n" + string.Join('\n', missing) +
            "\nAdd each, in backticks (`Name` or `Name<T>`; a nested type as `Inner`), to the section of its assembly with a line on what it is for.");
    }

    /// <summary>
    /// The types of one project's PublicAPI files: lines that declare no member (no "->", no parameter list),
    /// so "DocStore.Durability" but not "DocStore.Durability.Full = 0 -> DocStore.Durability".
    /// </summary>
    private static IEnumerable<string> PublicTypes(string project) =>
        new[] { "PublicAPI.Shipped.txt", "PublicAPI.Unshipped.txt" }
            .Select(f => Path.Combine(Repository.Root, "src", project, f))
            .Where(File.Exists)
            .SelectMany(File.ReadAllLines)
            .Select(l => l.Trim())
            .Where(l => l.Length > 0 && !l.StartsWith('#') && !l.StartsWith("*REMOVED*", StringComparison.Ordinal) && !l.Contains("->", StringComparison.Ordinal) && !l.Contains('('))
            .Select(l => Modifiers().Replace(l, ""))
            .Distinct(StringComparer.Ordinal);

    /// <summary>"DocStore.DocumentCollection&lt;T, TKey&gt;" is named as "DocumentCollection".</summary>
    private static string SimpleName(string type)
    {
        var generic = type.IndexOf('<', StringComparison.Ordinal);
        var name = generic < 0 ? type : type[..generic];
        return name[(name.LastIndexOf('.') + 1)..];
    }

    /// <summary>The identifier a code span starts with: `DocumentCollection&lt;T, TKey&gt;` gives DocumentCollection.</summary>
    [GeneratedRegex(@"`([A-Za-z_][A-Za-z0-9_]*)(?:<[^`]*>)?`")]
    private static partial Regex CodeSpan();

    [GeneratedRegex(@"^((static|abstract|sealed|virtual|override|const|readonly|new) )+")]
    private static partial Regex Modifiers();
}
