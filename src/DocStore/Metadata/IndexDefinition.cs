using DocStore.Metadata;

namespace DocStore;

/// <summary>An index declared on a collection type.</summary>
/// <param name="Name">The index name (<c>AddressCity</c>), also used in query method names.</param>
/// <param name="Unique">True when no two documents may share a key.</param>
/// <param name="Multikey">True when a path expands over a sequence (one key per element).</param>
/// <param name="Paths">The indexed paths as declared (<c>Address.City</c>, <c>Tags[]</c>).</param>
public sealed record IndexDefinition(string Name, bool Unique, bool Multikey, IReadOnlyList<string> Paths)
{
    /// <summary>
    /// True for the uniqueness of an SQL table (a <c>UNIQUE</c> or <c>PRIMARY KEY</c> constraint, or
    /// <c>CREATE UNIQUE INDEX</c> on a table): entries are laid out as a non-unique index's (so
    /// <see cref="Unique"/> is false) and values without a NULL component may not repeat, as in SQLite.
    /// </summary>
    internal bool UniqueNonNull { get; init; }

    /// <summary>
    /// For an index of an SQL table: one letter per path naming the collation its keys are made under
    /// (<c>B</c> BINARY, <c>N</c> NOCASE, <c>R</c> RTRIM; see <c>Indexing.KeyCollations</c>), taken from the
    /// declared columns so that uniqueness and seeks compare as the column does; null when every path is BINARY.
    /// </summary>
    internal string? Collations { get; init; }

    /// <summary>
    /// A non-unique index over stored field paths (<c>"Address.City"</c>; <c>"Tags[]"</c> indexes each array
    /// element; several paths make a composite index), named as the generator names it: the paths' fields
    /// joined (<c>AddressCity</c>, <c>Tags</c>, <c>LastFirst</c>).
    /// </summary>
    /// <param name="paths">One or more paths.</param>
    /// <returns>The definition.</returns>
    /// <exception cref="ArgumentException">A path is malformed or more than one path expands an array.</exception>
    public static IndexDefinition On(params string[] paths) => Create(false, paths);

    /// <summary>A unique index over stored field paths (no path may expand an array); named like <see cref="On"/>.</summary>
    /// <param name="paths">One or more paths.</param>
    /// <returns>The definition.</returns>
    /// <exception cref="ArgumentException">A path is malformed or expands an array.</exception>
    public static IndexDefinition UniqueOn(params string[] paths) => Create(true, paths);

    private static IndexDefinition Create(bool unique, string[] paths)
    {
        ArgumentNullException.ThrowIfNull(paths);
        if (paths.Length == 0)
        {
            throw new ArgumentException("An index needs at least one path.", nameof(paths));
        }

        var parsed = paths.Select(BsonPath.Parse).ToArray();
        var definition = new IndexDefinition(string.Concat(parsed.Select(p => p.NamePart)), unique, parsed.Any(p => p.IsMultikey), paths);
        CheckPaths(definition, parsed);
        return definition;
    }

    /// <summary>Checks that the parsed paths fit the definition: at least one, at most one expanding an array, and no unique index over one.</summary>
    /// <returns>The position of the expanding path, or -1.</returns>
    /// <exception cref="ArgumentException">The combination is not allowed.</exception>
    internal static int CheckPaths(IndexDefinition definition, BsonPath[] paths)
    {
        var multikey = Array.FindIndex(paths, p => p.IsMultikey);
        if (paths.Length == 0)
        {
            throw new ArgumentException($"Index '{definition.Name}' has no path.", nameof(definition));
        }

        if (paths.Count(p => p.IsMultikey) > 1)
        {
            throw new ArgumentException($"Index '{definition.Name}' expands more than one array; at most one of its paths may use '[]'.", nameof(definition));
        }

        if (definition.Unique && multikey >= 0)
        {
            throw new ArgumentException($"Index '{definition.Name}' is unique over the multikey path '{paths[multikey].Text}'; a unique index cannot expand an array.", nameof(definition));
        }

        if (definition.Multikey != multikey >= 0)
        {
            throw new ArgumentException($"Index '{definition.Name}' is marked {(definition.Multikey ? "multikey" : "not multikey")}, but its paths say otherwise.", nameof(definition));
        }

        return multikey;
    }

    /// <summary>Equal name, uniqueness, multikey flag and paths (the generated record compares the path list by reference).</summary>
    /// <param name="other">The other definition.</param>
    /// <returns>True when both declare the same index.</returns>
    public bool SameAs(IndexDefinition other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return Name == other.Name && Unique == other.Unique && Multikey == other.Multikey && Paths.SequenceEqual(other.Paths, StringComparer.Ordinal);
    }
}
