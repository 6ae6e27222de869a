namespace DocStore.PostgreSQL.Queries;

/// <summary>
/// The SELECT of a walk over a multikey index's entry table: each document once, at its first entry in walk
/// order, as the embedded engine yields it. Two shapes, each the faster one where it is used (measured in
/// docs/postgresql.md, "Multikey indexes"): a page (a <c>LIMIT</c>) walks the entries in order and keeps an
/// entry only when the document has no earlier one in the range, so the server stops after the page; a walk
/// to the end picks each document's first entry with <c>DISTINCT ON</c> and sorts those.
/// </summary>
internal static class MultikeyWalk
{
    /// <param name="table">The collection's table.</param>
    /// <param name="entries">The index's entry table.</param>
    /// <param name="where">The entries' bounds over <c>entry</c>.</param>
    /// <param name="descending">True to walk from the highest entry.</param>
    public static string Paged(string table, string entries, string where, bool descending) =>
        $"SELECT c.doc, e.entry FROM {entries} e JOIN {table} c ON c.id = e.id WHERE {Qualified("e", where)} " +
        $"AND NOT EXISTS (SELECT 1 FROM {entries} f WHERE f.id = e.id AND {Qualified("f", where)} AND f.entry {(descending ? ">" : "<")} e.entry) " +
        $"ORDER BY e.entry {(descending ? "DESC" : "ASC")}";

    /// <inheritdoc cref="Paged"/>
    public static string Whole(string table, string entries, string where, bool descending)
    {
        // PostgreSQL has no min or max over bytea: DISTINCT ON keeps each document's first entry in walk order.
        var direction = descending ? "DESC" : "ASC";
        return $"SELECT c.doc, m.entry FROM (SELECT DISTINCT ON (id) id, entry FROM {entries} WHERE {where} ORDER BY id, entry {direction}) m JOIN {table} c ON c.id = m.id ORDER BY m.entry {direction}";
    }

    // The bounds are written over the bare column name `entry`; each walk names its table's alias.
    private static string Qualified(string alias, string where) => where.Replace("entry ", $"{alias}.entry ", StringComparison.Ordinal);
}
