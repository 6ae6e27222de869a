using DocStore.Bson.Model;

namespace DocStore.Metadata;

/// <summary>
/// An index path over the document model, in stored field names: <c>Address.City</c>, <c>Tags[]</c>,
/// <c>Lines[].Sku</c>. A segment ending in <c>[]</c> expands an array (one value per element); at most one
/// segment of a path may expand.
/// </summary>
internal sealed class BsonPath
{
    private readonly string[] _segments;
    private readonly int _expand;

    private BsonPath(string text, string[] segments, int expand)
    {
        Text = text;
        _segments = segments;
        _expand = expand;
    }

    /// <summary>The path as declared.</summary>
    public string Text { get; }

    /// <summary>True when a segment expands an array.</summary>
    public bool IsMultikey => _expand >= 0;

    /// <summary>The generated-code style name part: the segments joined without dots or brackets (<c>AddressCity</c>).</summary>
    public string NamePart => string.Concat(_segments);

    /// <summary>Parses and checks a declared path.</summary>
    /// <exception cref="ArgumentException">The path is empty, has an empty segment, misplaced brackets or expands twice.</exception>
    public static BsonPath Parse(string text)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(text);
        var parts = text.Split('.');
        var segments = new string[parts.Length];
        var expand = -1;
        for (var i = 0; i < parts.Length; i++)
        {
            var part = parts[i];
            var expands = part.EndsWith("[]", StringComparison.Ordinal);
            var name = expands ? part[..^2] : part;
            if (name.Length == 0 || name.Contains('[', StringComparison.Ordinal) || name.Contains(']', StringComparison.Ordinal))
            {
                throw new ArgumentException($"The index path '{text}' has an invalid segment '{part}': use field names separated by dots, with '[]' after an array field.", nameof(text));
            }

            if (expands)
            {
                if (expand >= 0)
                {
                    throw new ArgumentException($"The index path '{text}' expands more than one array; at most one '[]' is allowed.", nameof(text));
                }

                expand = i;
            }

            segments[i] = name;
        }

        return new BsonPath(text, segments, expand);
    }

    /// <summary>The value at the path of a path without <c>[]</c>, or null when a step is missing, null or not a document.</summary>
    public BsonValue? Single(BsonDocument document) => Walk(document, 0, _segments.Length);

    /// <summary>
    /// Adds the values of a multikey path: one per array element (a missing, null or empty array adds none;
    /// a value that is not an array counts as a one-element array).
    /// </summary>
    public void Elements(BsonDocument document, List<BsonValue?> values)
    {
        var container = Walk(document, 0, _expand + 1);
        if (container is null or BsonNull)
        {
            return;
        }

        if (container is not BsonArray array)
        {
            values.Add(Rest(container));
            return;
        }

        foreach (var element in array)
        {
            values.Add(Rest(element));
        }
    }

    private BsonValue? Rest(BsonValue element) =>
        _expand == _segments.Length - 1 ? element : element is BsonDocument inner ? Walk(inner, _expand + 1, _segments.Length) : null;

    private BsonValue? Walk(BsonDocument document, int from, int to)
    {
        BsonValue current = document;
        for (var i = from; i < to; i++)
        {
            if (current is not BsonDocument container || !container.TryGetValue(_segments[i], out var next))
            {
                return null;
            }

            current = next;
        }

        return current;
    }
}
