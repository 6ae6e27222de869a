using System.Text;

namespace DocStore.Sql.Bound;

/// <summary>
/// LIKE on UTF-8 bytes: <c>_</c> matches one code point, <c>%</c> any run; ASCII letters match either case
/// unless <c>caseSensitive</c>, as SQLite's LIKE (other characters compare exactly).
/// </summary>
internal static class LikeMatcher
{
    public static bool Matches(ReadOnlySpan<byte> text, ReadOnlySpan<byte> pattern, bool caseSensitive = false)
    {
        // Iterative with one backtrack point, the usual greedy-star algorithm: linear in practice, no recursion.
        int t = 0, p = 0, starP = -1, starT = 0;
        while (t < text.Length)
        {
            if (p < pattern.Length && pattern[p] == (byte)'%')
            {
                starP = ++p;
                starT = t;
            }
            else if (p < pattern.Length && pattern[p] == (byte)'_')
            {
                t += CodePointLength(text, t);
                p++;
            }
            else if (p < pattern.Length && (pattern[p] == text[t] || (!caseSensitive && FoldAscii(pattern[p]) == FoldAscii(text[t]))))
            {
                t++;
                p++;
            }
            else if (starP >= 0)
            {
                starT += CodePointLength(text, starT);
                t = starT;
                p = starP;
            }
            else
            {
                return false;
            }
        }

        while (p < pattern.Length && pattern[p] == (byte)'%')
        {
            p++;
        }

        return p == pattern.Length;
    }

    /// <summary>The fixed text before the first wildcard, when the pattern is <c>'prefix%'</c> and nothing else.</summary>
    public static string? Prefix(string pattern)
    {
        var star = pattern.IndexOf('%', StringComparison.Ordinal);
        return star >= 0 && star == pattern.Length - 1 && pattern.IndexOf('_', StringComparison.Ordinal) < 0 ? pattern[..star] : null;
    }

    private static byte FoldAscii(byte b) => b is >= (byte)'A' and <= (byte)'Z' ? (byte)(b + 32) : b;

    private static int CodePointLength(ReadOnlySpan<byte> text, int at)
    {
        var status = Rune.DecodeFromUtf8(text[at..], out _, out var consumed);
        return status == System.Buffers.OperationStatus.Done ? consumed : 1;
    }
}
