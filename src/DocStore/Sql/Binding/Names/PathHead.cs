namespace DocStore.Sql.Binding.Names;

/// <summary>What the first segment of a path refers to.</summary>
internal enum PathHeadKind
{
    /// <summary>A field of <see cref="PathHead{TSource}.Source"/>, the one source that has it.</summary>
    Field,

    /// <summary>The alias of <see cref="PathHead{TSource}.Source"/>: the path's fields start at the second segment.</summary>
    Qualified,

    /// <summary>A lone alias: the whole document of <see cref="PathHead{TSource}.Source"/>.</summary>
    WholeDocument,

    /// <summary>A name only an enclosing query resolves (a correlated reference).</summary>
    OuterQuery,

    /// <summary>No source has the name.</summary>
    Unknown,

    /// <summary>Several sources have the name, or a source's fields are not known: nothing can be said.</summary>
    Unresolvable,
}

/// <summary>The resolution of a path's first segment: its kind and, where there is one, its source.</summary>
internal readonly struct PathHead<TSource>(PathHeadKind kind, TSource? source)
    where TSource : class
{
    public PathHeadKind Kind { get; } = kind;

    public TSource? Source { get; } = source;
}
