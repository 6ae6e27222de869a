using DocStore.Sql.Ast;

namespace DocStore.Sql.Binding.Names;

/// <summary>
/// The sources (FROM and JOIN collections, by alias) of one query level and the level around it, and how a
/// column name is resolved among them: a qualified name by its alias, an unqualified one in the one source
/// that has the field, a lone alias as that source's whole document. The binder resolves against the
/// catalog; the SQL analyzer compiles this file in and resolves against the model, so both find the same
/// sources for the same names.
/// </summary>
/// <typeparam name="TSource">What the caller knows about a source.</typeparam>
internal sealed class SourceScope<TSource>
    where TSource : class
{
    private readonly IReadOnlyList<TSource> _sources;
    private readonly Func<TSource, string> _alias;
    private readonly Func<TSource, SqlName, bool, FieldMatch> _field;
    private readonly Action<SqlName, IReadOnlyList<TSource>>? _ambiguous;

    /// <param name="sources">The level's sources; the list may grow while the scope is in use.</param>
    /// <param name="alias">A source's alias.</param>
    /// <param name="field">Whether a source has a field; the flag asks again after reloading names (a second attempt).</param>
    /// <param name="outer">The enclosing query's scope, for subqueries.</param>
    /// <param name="ambiguous">Called with the sources when several have a field (the binder throws there); null to skip the name.</param>
    public SourceScope(IReadOnlyList<TSource> sources, Func<TSource, string> alias, Func<TSource, SqlName, bool, FieldMatch> field,
        SourceScope<TSource>? outer, Action<SqlName, IReadOnlyList<TSource>>? ambiguous)
    {
        _sources = sources;
        _alias = alias;
        _field = field;
        Outer = outer;
        _ambiguous = ambiguous;
    }

    public SourceScope<TSource>? Outer { get; }

    /// <summary>The source whose alias <paramref name="name"/> is (exact, else the one match ignoring case), or null.</summary>
    public TSource? FindSource(SqlName name) => SqlNameMatch.Resolve(_sources, _alias, name.Text, name.Quoted, out _);

    /// <summary>
    /// The one source that has a field <paramref name="name"/>, asking each source once and then, when none
    /// has it, once more; null when none does, or when <paramref name="unresolvable"/> (several have it, or a
    /// source's fields are unknown).
    /// </summary>
    public TSource? SourceWithField(SqlName name, out bool unresolvable)
    {
        unresolvable = false;
        for (var attempt = 0; attempt < 2; attempt++)
        {
            var matches = new List<TSource>();
            foreach (var source in _sources)
            {
                var match = _field(source, name, attempt == 1);
                if (match == FieldMatch.Unknown)
                {
                    unresolvable = true;
                }
                else if (match == FieldMatch.Found)
                {
                    matches.Add(source);
                }
            }

            if (unresolvable)
            {
                return null;
            }

            if (matches.Count > 1)
            {
                _ambiguous?.Invoke(name, matches);
                unresolvable = true;
                return null;
            }

            if (matches.Count == 1)
            {
                return matches[0];
            }
        }

        return null;
    }

    /// <summary>True when this level or an enclosing one gives <paramref name="name"/> a meaning (or may).</summary>
    public bool CanResolve(SqlName name) =>
        FindSource(name) is not null || SourceWithField(name, out var unresolvable) is not null || unresolvable || (Outer?.CanResolve(name) ?? false);

    /// <summary>What the first segment of <paramref name="path"/> refers to, decided in the binder's order.</summary>
    public PathHead<TSource> ResolveHead(PathExpression path)
    {
        var head = path.Segments[0];
        if (!head.AnyElement && path.Segments.Length > 1 && FindSource(head.Name) is { } qualified)
        {
            return new PathHead<TSource>(PathHeadKind.Qualified, qualified);
        }

        if (SourceWithField(head.Name, out var unresolvable) is { } source)
        {
            return new PathHead<TSource>(PathHeadKind.Field, source);
        }

        if (unresolvable)
        {
            return new PathHead<TSource>(PathHeadKind.Unresolvable, null);
        }

        if (!head.AnyElement && path.Segments.Length == 1 && FindSource(head.Name) is { } whole)
        {
            return new PathHead<TSource>(PathHeadKind.WholeDocument, whole);
        }

        return Outer is not null && Outer.CanResolve(head.Name)
            ? new PathHead<TSource>(PathHeadKind.OuterQuery, null)
            : new PathHead<TSource>(PathHeadKind.Unknown, null);
    }

    /// <summary>Where an unknown field was looked for, as messages say it: <c>collection 'People'</c>, <c>any of 'p', 'o'</c>.</summary>
    public string UnknownFieldPlace(Func<TSource, string> collectionName)
    {
        if (_sources.Count == 1)
        {
            return $"collection '{collectionName(_sources[0])}'";
        }

        var aliases = new List<string>(_sources.Count);
        foreach (var source in _sources)
        {
            aliases.Add($"'{_alias(source)}'");
        }

        return "any of " + string.Join(", ", aliases);
    }
}
