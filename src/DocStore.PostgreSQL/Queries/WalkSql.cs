using System.Text;
using DocStore.Query;

namespace DocStore.PostgreSQL.Queries;

/// <summary>
/// The SELECT of a lazy walk, the embedded engine's walk in SQL: entries of the primary key
/// (<c>sort_key</c>) or of an index entry table between the bounds, in entry order, after the continuation
/// entry, skipped and taken; a multikey index yields each document once, at its first entry in walk order.
/// Each row is the document's JSON and its entry (the continuation token's bytes). One row past the page
/// is read to tell whether more follow.
/// </summary>
internal static class WalkSql
{
    public static (string Sql, List<(string Name, object Value)> Parameters) Build(string table, string? indexTable, bool multikey, byte[] low, byte[]? high, ScanPaging paging)
    {
        var parameters = new List<(string Name, object Value)> { ("low", low) };
        var column = indexTable is null ? "sort_key" : "entry";
        var where = new StringBuilder($"{column} >= @low");
        if (EntryBounds.Successor(high) is { } successor)
        {
            where.Append($" AND {column} < @high");
            parameters.Add(("high", successor));
        }

        if (paging.After is { } after)
        {
            where.Append($" AND {column} {(paging.Descending ? "<" : ">")} @after");
            parameters.Add(("after", after));
        }

        var direction = paging.Descending ? "DESC" : "ASC";
        string select;
        if (indexTable is null)
        {
            select = $"SELECT doc::text, sort_key FROM {table} WHERE {where} ORDER BY sort_key {direction}";
        }
        else if (!multikey)
        {
            select = $"SELECT c.doc::text, e.entry FROM {indexTable} e JOIN {table} c ON c.id = e.id WHERE {where} ORDER BY e.entry {direction}";
        }
        else
        {
            // Each document's first entry in walk order (PostgreSQL has no min or max over bytea).
            select = $"SELECT c.doc::text, m.entry FROM (SELECT DISTINCT ON (id) id, entry FROM {indexTable} WHERE {where} ORDER BY id, entry {direction}) m JOIN {table} c ON c.id = m.id ORDER BY m.entry {direction}";
        }

        var sql = new StringBuilder(select);
        if (paging.Skip > 0)
        {
            sql.Append(" OFFSET @skip");
            parameters.Add(("skip", (long)paging.Skip));
        }

        if (paging.Take != int.MaxValue)
        {
            sql.Append(" LIMIT @take");
            parameters.Add(("take", paging.Take + 1L));
        }

        return (sql.ToString(), parameters);
    }
}
