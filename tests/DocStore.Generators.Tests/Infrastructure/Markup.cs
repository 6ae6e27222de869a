using Microsoft.CodeAnalysis.Text;

namespace DocStore.Generators.Tests.Infrastructure;

/// <summary>Test sources mark the expected diagnostic span with <c>[|</c> and <c>|]</c>.</summary>
internal static class Markup
{
    public static (string Source, TextSpan Span) Parse(string markup)
    {
        int start = markup.IndexOf("[|", StringComparison.Ordinal);
        int end = markup.IndexOf("|]", StringComparison.Ordinal);
        if (start < 0 || end < start)
        {
            throw new ArgumentException("The markup needs one [| ... |] span.", nameof(markup));
        }

        string source = markup.Remove(end, 2).Remove(start, 2);
        return (source, TextSpan.FromBounds(start, end - 2));
    }
}
