namespace DocStore;

/// <summary>
/// Declares an index. On a type, the arguments are the indexed paths (<c>"Address.City"</c>,
/// <c>"Tags[]"</c> for one key per element, several paths for a composite index). On a member, the
/// member itself is indexed, followed by any paths given.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Struct | AttributeTargets.Property | AttributeTargets.Field, AllowMultiple = true, Inherited = false)]
public sealed class IndexAttribute : Attribute
{
    /// <summary>Declares an index over <paramref name="paths"/> (on a member: over the member, then the paths).</summary>
    /// <param name="paths">Member paths separated by dots; <c>[]</c> after a sequence member expands over its elements.</param>
    public IndexAttribute(params string[] paths) => Paths = paths;

    /// <summary>The declared paths.</summary>
    public IReadOnlyList<string> Paths { get; }

    /// <summary>True when no two documents may share a key (not allowed for multikey paths).</summary>
    public bool Unique { get; set; }

    /// <summary>The index name used in query method names; defaults to the paths' member names joined.</summary>
    public string? Name { get; set; }
}
