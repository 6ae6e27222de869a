using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The statements of an insert whose <c>int</c>/<c>long</c> keys the server hands out, so the insert is one
/// round trip: the first advances the key table by the number of documents and returns the last key; the
/// others, in the same batch and transaction, read the table back and give document <c>n</c> (from 1) the key
/// <c>last - count + n</c>, setting it in <c>id</c>, <c>sort_key</c> (the engine's key encoding, computed by
/// the server), the document's key member and the end of every non-unique index key. The key table's row
/// stays locked until the write's transaction ends, so keys are unique across connections and processes,
/// handed out in commit order, and a failed insert leaves no gap.
/// </summary>
internal sealed class GeneratedKeyStatements<T, TKey>
    where TKey : notnull
{
    private readonly CollectionTable<T, TKey> _table;
    private readonly int[] _columns;
    private readonly int[] _multikey;
    private readonly string _insertRows;
    private readonly string[] _insertEntries;

    public GeneratedKeyStatements(CollectionTable<T, TKey> table)
    {
        _table = table;
        _columns = [.. Enumerable.Range(0, table.KeyColumns.Length).Where(table.IsColumn)];
        _multikey = [.. Enumerable.Range(0, table.KeyColumns.Length).Where(i => !table.IsColumn(i))];
        var unique = table.Model.Indexes.Select(i => i.Unique).ToArray();
        var names = string.Concat(_columns.Select(i => ", " + table.KeyColumns[i]));
        var arrays = string.Concat(_columns.Select((_, n) => $", ${n + 3}::bytea[]"));
        var columns = string.Concat(_columns.Select((_, n) => $", k{n}"));
        var values = string.Concat(_columns.Select((c, n) => unique[c] ? $", u.k{n}" : $", u.k{n} || g.k"));
        // The key member's path as a text[] literal: one element, double-quoted, its quotes and backslashes escaped.
        var path = "'{\"" + table.Model.KeyField.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\"", "\\\"", StringComparison.Ordinal).Replace("'", "''", StringComparison.Ordinal) + "\"}'";
        Applies = !table.Model.Indexes.Any(i => i.Paths.Contains(table.Model.KeyField, StringComparer.Ordinal));
        Reserve = $"UPDATE {table.Sequence} SET last = last + $1 RETURNING last";
        _insertRows = $"INSERT INTO {table.Table} (id, sort_key, doc{names}) " +
            $"SELECT g.id, g.k, jsonb_set(convert_from(u.d, 'UTF8')::jsonb, {path}, to_jsonb(g.id)){values} " +
            $"FROM unnest($2::bytea[]{arrays}) WITH ORDINALITY AS u(d{columns}, n){Keys("u.n")}";
        _insertEntries = [.. table.IndexTables.Select((e, i) =>
            $"INSERT INTO {e} (entry, id) SELECT {(unique[i] ? "u.e" : "u.e || g.k")}, g.id FROM unnest($2::bytea[], $3::bigint[]) AS u(e, n){Keys("u.n")}")];
    }

    /// <summary>Advances the last key by <c>$1</c> and returns it, locking the key table's row.</summary>
    public string Reserve { get; }

    /// <summary>
    /// True when the server can hand out the keys: every index is over other members than the key (an index
    /// over the key member would need the key in its index key).
    /// </summary>
    public bool Applies { get; }

    /// <summary>Adds the statements inserting <paramref name="rows"/> (rows from <see cref="DocumentRows.WithoutKey"/>), the key table's advance first.</summary>
    public void AddInsert(WriteBatch batch, IReadOnlyList<DocumentRow> rows)
    {
        var count = (long)rows.Count;
        batch.Add(Reserve, WriteBatch.Value(count));
        var docs = new byte[rows.Count][];
        for (var r = 0; r < rows.Count; r++)
        {
            docs[r] = rows[r].Json;
        }

        var parameters = new NpgsqlParameter[2 + _columns.Length];
        parameters[0] = WriteBatch.Value(count);
        parameters[1] = WriteBatch.BytesArray(docs);
        for (var n = 0; n < _columns.Length; n++)
        {
            var keys = new byte[]?[rows.Count];
            for (var r = 0; r < rows.Count; r++)
            {
                var entries = rows[r].Entries[_columns[n]];
                keys[r] = entries.Length > 0 ? entries[0] : null;
            }

            parameters[2 + n] = WriteBatch.BytesArray(keys);
        }

        batch.Add(_insertRows, parameters);
        foreach (var index in _multikey)
        {
            var ordinals = new List<long>();
            var entries = new List<byte[]?>();
            for (var r = 0; r < rows.Count; r++)
            {
                foreach (var entry in rows[r].Entries[index])
                {
                    ordinals.Add(r + 1);
                    entries.Add(entry);
                }
            }

            if (entries.Count > 0)
            {
                batch.Add(_insertEntries[index], WriteBatch.Value(count), WriteBatch.BytesArray([.. entries]), WriteBatch.Value(ordinals.ToArray()));
            }
        }
    }

    /// <summary>
    /// The joins giving row <paramref name="ordinal"/> its key (<c>g.id</c>, of the key column's type) and the
    /// key's encoding (<c>g.k</c>): the integer tag 0x10, a header 0x80 + n and the n significant big-endian
    /// bytes of the (positive) key, as <c>KeyWriter.WriteInt64</c> writes it.
    /// </summary>
    private string Keys(string ordinal) =>
        $" CROSS JOIN (SELECT last - $1 AS base FROM {_table.Sequence}) AS s" +
        $" CROSS JOIN LATERAL (SELECT s.base + {ordinal} AS v) AS v" +
        " CROSS JOIN LATERAL (SELECT CASE WHEN v.v < 256 THEN 1 WHEN v.v < 65536 THEN 2 WHEN v.v < 16777216 THEN 3 WHEN v.v < 4294967296 THEN 4" +
        " WHEN v.v < 1099511627776 THEN 5 WHEN v.v < 281474976710656 THEN 6 WHEN v.v < 72057594037927936 THEN 7 ELSE 8 END AS n) AS w" +
        $" CROSS JOIN LATERAL (SELECT v.v::{_table.Key.CastType} AS id, decode('10', 'hex') || decode(to_hex(128 + w.n), 'hex') || substring(int8send(v.v) FROM 9 - w.n) AS k) AS g";
}
