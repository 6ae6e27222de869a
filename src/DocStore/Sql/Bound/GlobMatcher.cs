namespace DocStore.Sql.Bound;

/// <summary>
/// SQLite's GLOB over code points: <c>*</c> matches any run, <c>?</c> one code point, <c>[abc]</c>,
/// <c>[a-z]</c> and <c>[^...]</c> one code point in (or not in) the set (a <c>]</c> first in the set is
/// literal); everything else matches itself exactly.
/// </summary>
internal static class GlobMatcher
{
    public static bool Matches(string text, string pattern) => Match(Runes(text), 0, Runes(pattern), 0);

    private static int[] Runes(string text) => [.. text.EnumerateRunes().Select(r => r.Value)];

    private static bool Match(int[] text, int t, int[] pattern, int p)
    {
        // Greedy with one backtrack point for the last '*', as for LIKE: no recursion on the text.
        int starP = -1, starT = 0;
        while (true)
        {
            if (p < pattern.Length && pattern[p] == '*')
            {
                while (p < pattern.Length && pattern[p] == '*')
                {
                    p++;
                }

                starP = p;
                starT = t;
                continue;
            }

            if (t == text.Length)
            {
                return p == pattern.Length;
            }

            var step = p < pattern.Length ? MatchOne(text[t], pattern, p) : -1;
            if (step > 0)
            {
                t++;
                p += step;
                continue;
            }

            if (starP < 0)
            {
                return false;
            }

            t = ++starT;
            p = starP;
        }
    }

    // How many pattern code points matched text code point 'c' at 'p' consumed; -1 when it does not match.
    private static int MatchOne(int c, int[] pattern, int p)
    {
        if (pattern[p] == '?')
        {
            return 1;
        }

        if (pattern[p] != '[')
        {
            return pattern[p] == c ? 1 : -1;
        }

        var i = p + 1;
        var invert = i < pattern.Length && pattern[i] == '^';
        if (invert)
        {
            i++;
        }

        var found = false;
        var first = true;
        while (i < pattern.Length && (first || pattern[i] != ']'))
        {
            if (i + 2 < pattern.Length && pattern[i + 1] == '-' && pattern[i + 2] != ']')
            {
                found |= c >= pattern[i] && c <= pattern[i + 2];
                i += 3;
            }
            else
            {
                found |= c == pattern[i];
                i++;
            }

            first = false;
        }

        // An unclosed set matches nothing, as in SQLite.
        if (i >= pattern.Length)
        {
            return -1;
        }

        return found != invert ? i + 1 - p : -1;
    }
}
