namespace DocStore.Sql.Binding.Names;

/// <summary>
/// How SQL matches a written name (collection, alias, field, output column) to the names that exist: the
/// exact name first; else, unless the name was quoted, the one name equal ignoring case. Several names equal
/// ignoring case make the written name ambiguous.
/// </summary>
internal static class SqlNameMatch
{
    /// <summary>The name <paramref name="name"/> refers to among <paramref name="candidates"/>, or null.</summary>
    /// <param name="candidates">The names that exist.</param>
    /// <param name="name">The name as written.</param>
    /// <param name="quoted">True for a <c>"quoted"</c> name, which only matches exactly.</param>
    /// <param name="ambiguous">The names equal ignoring case when there are several (then the result is null); else empty.</param>
    public static string? Resolve(IEnumerable<string> candidates, string name, bool quoted, out IReadOnlyList<string> ambiguous) =>
        Resolve(candidates, static candidate => candidate, name, quoted, out ambiguous);

    /// <summary>The item among <paramref name="candidates"/> whose name <paramref name="name"/> refers to, or null.</summary>
    /// <param name="candidates">The named items.</param>
    /// <param name="nameOf">An item's name.</param>
    /// <param name="name">The name as written.</param>
    /// <param name="quoted">True for a <c>"quoted"</c> name, which only matches exactly.</param>
    /// <param name="ambiguous">The items whose names are equal ignoring case when there are several (then the result is null); else empty.</param>
    public static T? Resolve<T>(IEnumerable<T> candidates, Func<T, string> nameOf, string name, bool quoted, out IReadOnlyList<T> ambiguous)
        where T : class
    {
        ambiguous = [];
        List<T>? matches = null;
        foreach (var candidate in candidates)
        {
            var candidateName = nameOf(candidate);
            if (candidateName == name)
            {
                return candidate;
            }

            if (!quoted && string.Equals(candidateName, name, StringComparison.OrdinalIgnoreCase))
            {
                (matches ??= []).Add(candidate);
            }
        }

        if (matches is { Count: > 1 })
        {
            ambiguous = matches;
        }

        return matches is { Count: 1 } ? matches[0] : null;
    }

    /// <summary>The names among <paramref name="candidates"/> equal to <paramref name="name"/> ignoring case.</summary>
    public static List<string> IgnoringCase(IEnumerable<string> candidates, string name)
    {
        var matches = new List<string>();
        foreach (var candidate in candidates)
        {
            if (string.Equals(candidate, name, StringComparison.OrdinalIgnoreCase))
            {
                matches.Add(candidate);
            }
        }

        return matches;
    }
}
