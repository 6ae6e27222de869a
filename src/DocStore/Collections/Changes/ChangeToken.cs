using System.Globalization;

namespace DocStore.Collections.Changes;

/// <summary>
/// A resume token: the position of a change and the identity of the change log that holds it, written
/// <c>position-log</c> (decimal, then 16 hex digits), so a token of another database is refused rather than
/// read as a position of this one (docs/storage.md, "Change log").
/// </summary>
/// <param name="Position">The change's position.</param>
/// <param name="Log">The identity of its change log.</param>
internal readonly record struct ChangeToken(long Position, ulong Log)
{
    /// <summary>The token as users see it.</summary>
    public string Format() => string.Create(CultureInfo.InvariantCulture, $"{Position}-{Log:x16}");

    /// <summary>Reads <paramref name="text"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="text"/> is not a token (named <paramref name="parameter"/>).</exception>
    public static ChangeToken Parse(string text, string parameter)
    {
        var dash = text.IndexOf('-', StringComparison.Ordinal);
        if (dash > 0
            && text.Length - dash - 1 == 16
            && long.TryParse(text.AsSpan(0, dash), NumberStyles.None, CultureInfo.InvariantCulture, out var position)
            && position > 0
            && ulong.TryParse(text.AsSpan(dash + 1), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var log))
        {
            return new ChangeToken(position, log);
        }

        throw new ArgumentException($"'{text}' is not a change feed resume token (take one from DocumentChange.ResumeToken).", parameter);
    }
}
