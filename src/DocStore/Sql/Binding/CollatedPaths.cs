using DocStore.Indexing;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Binding;

/// <summary>
/// How the planner names an index component made under a collation (<see cref="IndexDefinition.Collations"/>):
/// its path and collation (<c>s</c>, a NUL, <c>NoCase</c>). Only a comparison under that collation names its
/// path the same way (<see cref="Planning.CollatedConditions"/>), so a BINARY comparison never seeks a NOCASE
/// index, whose keys are folded, nor a NOCASE comparison a BINARY one.
/// </summary>
internal static class CollatedPaths
{
    /// <summary>The index's paths as the planner matches them.</summary>
    public static IReadOnlyList<string> Of(IndexDefinition definition)
    {
        if (definition.Collations is not { } letters)
        {
            return definition.Paths;
        }

        return [.. definition.Paths.Select((path, i) => i < letters.Length ? Name(path, letters[i] switch
        {
            KeyCollations.NoCase => SqlCollation.NoCase,
            KeyCollations.RTrim => SqlCollation.RTrim,
            _ => SqlCollation.Binary,
        }) : path)];
    }

    /// <summary>The name of <paramref name="path"/> compared under <paramref name="collation"/>.</summary>
    public static string Name(string path, SqlCollation collation) => collation == SqlCollation.Binary ? path : $"{path}\0{collation}";

    /// <summary>The stored path of a name <see cref="Name"/> made.</summary>
    public static string Stored(string name) => name.IndexOf('\0', StringComparison.Ordinal) is var at and >= 0 ? name[..at] : name;
}
