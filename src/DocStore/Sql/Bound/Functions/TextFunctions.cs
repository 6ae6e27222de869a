using System.Globalization;
using System.Text;

namespace DocStore.Sql.Bound.Functions;

/// <summary>SQLite's text functions: instr, trim, replace, hex, quote, char, unicode; NULL handling as SQLite's.</summary>
internal static class TextFunctions
{
    /// <summary>instr(x, y): the 1-based position of the first y in x (characters; bytes for two blobs), 0 when absent.</summary>
    public static SqlValue Instr(SqlValue[] a)
    {
        if (a[0].IsNull || a[1].IsNull)
        {
            return SqlValue.Null;
        }

        if (a[0].Kind == SqlKind.Binary && a[1].Kind == SqlKind.Binary)
        {
            var at = a[1].Bytes.Length == 0 ? 0 : a[0].Bytes.Span.IndexOf(a[1].Bytes.Span);
            return SqlValue.FromInt64(at + 1);
        }

        var text = FunctionArguments.Text(a[0]);
        var found = text.IndexOf(FunctionArguments.Text(a[1]), StringComparison.Ordinal);
        return SqlValue.FromInt64(found < 0 ? 0 : CodePoints(text.AsSpan(0, found)) + 1);
    }

    /// <summary>trim, ltrim, rtrim: removes the characters of the second argument (a space without one) from the chosen ends.</summary>
    public static SqlValue Trim(SqlValue[] a, bool start, bool end)
    {
        if (a[0].IsNull || (a.Length > 1 && a[1].IsNull))
        {
            return SqlValue.Null;
        }

        var runes = FunctionArguments.Text(a[0]).EnumerateRunes().ToList();
        var set = a.Length > 1 ? [.. FunctionArguments.Text(a[1]).EnumerateRunes()] : new HashSet<Rune> { new(' ') };
        int first = 0, last = runes.Count;
        while (start && first < last && set.Contains(runes[first]))
        {
            first++;
        }

        while (end && last > first && set.Contains(runes[last - 1]))
        {
            last--;
        }

        var result = new StringBuilder();
        for (var i = first; i < last; i++)
        {
            result.Append(runes[i].ToString());
        }

        return SqlValue.FromString(result.ToString());
    }

    /// <summary>replace(x, y, z): every y in x replaced by z; x itself when y is empty.</summary>
    public static SqlValue Replace(SqlValue[] a)
    {
        if (a[0].IsNull || a[1].IsNull)
        {
            return SqlValue.Null;
        }

        var pattern = FunctionArguments.Text(a[1]);
        if (pattern.Length == 0)
        {
            return a[0];
        }

        return a[2].IsNull
            ? SqlValue.Null
            : SqlValue.FromString(FunctionArguments.Text(a[0]).Replace(pattern, FunctionArguments.Text(a[2]), StringComparison.Ordinal));
    }

    /// <summary>hex(x): the bytes of a blob, or of the value's UTF-8 text, as upper-case hex; '' for NULL.</summary>
    public static SqlValue Hex(SqlValue[] a)
    {
        var value = a[0];
        if (value.IsNull)
        {
            return SqlValue.FromString(string.Empty);
        }

        var bytes = value.Kind is SqlKind.Binary or SqlKind.Text ? value.Bytes.ToArray() : Encoding.UTF8.GetBytes(FunctionArguments.Text(value));
        return SqlValue.FromString(Convert.ToHexString(bytes));
    }

    /// <summary>quote(x): the value as an SQL literal: NULL, a number, 'text' with quotes doubled, X'hex' for a blob.</summary>
    public static string Quote(in SqlValue value) => value.Kind switch
    {
        SqlKind.Null => "NULL",
        SqlKind.Integer or SqlKind.Boolean => value.Integer.ToString(CultureInfo.InvariantCulture),
        SqlKind.Double => SqliteReal.Format(value.Real),
        SqlKind.Decimal => value.Number.ToString(CultureInfo.InvariantCulture),
        SqlKind.Binary => "X'" + Convert.ToHexString(value.Bytes.Span) + "'",
        _ => "'" + FunctionArguments.Text(value).Replace("'", "''", StringComparison.Ordinal) + "'",
    };

    /// <summary>char(a, b, ...): the text of those code points; one that is not a valid scalar value becomes U+FFFD.</summary>
    public static SqlValue Char(SqlValue[] a)
    {
        var text = new StringBuilder();
        foreach (var argument in a)
        {
            var code = FunctionArguments.Integer(argument);
            text.Append((code is >= 0 and <= 0x10FFFF && Rune.IsValid((int)code) ? new Rune((int)code) : Rune.ReplacementChar).ToString());
        }

        return SqlValue.FromString(text.ToString());
    }

    /// <summary>unicode(x): the code point of the first character of x's text; NULL for NULL or empty text.</summary>
    public static SqlValue Unicode(SqlValue[] a)
    {
        if (a[0].IsNull)
        {
            return SqlValue.Null;
        }

        var text = FunctionArguments.Text(a[0]);
        return text.Length == 0 ? SqlValue.Null : SqlValue.FromInt64(Rune.GetRuneAt(text, 0).Value);
    }

    private static int CodePoints(ReadOnlySpan<char> text)
    {
        var count = 0;
        foreach (var _ in text.EnumerateRunes())
        {
            count++;
        }

        return count;
    }
}
