using DocStore.Query;

namespace DocStore.PostgreSQL.Queries;

/// <summary>
/// The SELECT of a lazy walk, the embedded engine's walk in SQL: keys of the primary key (<c>sort_key</c>),
/// of a single-key index's key column, or of a multikey index's entry table between the bounds, in key order,
/// after the continuation key, skipped and taken; a multikey index yields each document once, at its first
/// entry in walk order. Each row is the document's JSON and its key (the continuation token's bytes). One row
/// past the page is read to tell whether more follow. The text of each shape (which bounds and paging a walk
/// has) is built once per collection and index, with positional parameters in a fixed order.
/// </summary>
internal sealed class WalkSql(string table, string[] indexTables, string?[] keyColumns)
{
    private const int Shapes = 32;
    private readonly string?[] _texts = new string?[(indexTables.Length + 1) * Shapes];

    public (string Sql, object[] Values) Build(int index, byte[] low, byte[]? high, ScanPaging paging)
    {
        var values = new List<object>(5) { low };
        var shape = 0;
        if (EntryBounds.Successor(high) is { } successor)
        {
            values.Add(successor);
            shape |= 1;
        }

        if (paging.After is { } after)
        {
            values.Add(after);
            shape |= 2;
        }

        shape |= paging.Descending ? 4 : 0;
        if (paging.Skip > 0)
        {
            values.Add((long)paging.Skip);
            shape |= 8;
        }

        if (paging.Take != int.MaxValue)
        {
            values.Add(paging.Take + 1L);
            shape |= 16;
        }

        var slot = ((index + 1) * Shapes) + shape;
        var sql = _texts[slot] ??= Text(index, shape);
        return (sql, [.. values]);
    }

    private string Text(int index, int shape)
    {
        var column = index < 0 ? "sort_key" : keyColumns[index] ?? "entry";
        var next = 2;
        var where = $"{column} >= $1";
        if ((shape & 1) != 0)
        {
            where += $" AND {column} < ${next++}";
        }

        var descending = (shape & 4) != 0;
        if ((shape & 2) != 0)
        {
            where += $" AND {column} {(descending ? "<" : ">")} ${next++}";
        }

        var direction = descending ? "DESC" : "ASC";
        var select = index < 0 || keyColumns[index] is not null
            ? $"SELECT doc, {column} FROM {table} WHERE {where} ORDER BY {column} {direction}"
            : (shape & 16) != 0
                ? MultikeyWalk.Paged(table, indexTables[index], where, descending)
                : MultikeyWalk.Whole(table, indexTables[index], where, descending);
        if ((shape & 8) != 0)
        {
            select += $" OFFSET ${next++}";
        }

        if ((shape & 16) != 0)
        {
            select += $" LIMIT ${next}";
        }

        return select;
    }
}
