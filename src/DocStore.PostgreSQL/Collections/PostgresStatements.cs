using DocStore.PostgreSQL.Schema;
using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// The SQL of the writes over one collection's tables, built once: rows go in with their single-key index
/// columns in one statement; a multikey index's entries go in (or are replaced) with one statement each.
/// Every statement takes positional parameters, so Npgsql sends it prepared and unparsed.
/// </summary>
internal sealed class PostgresStatements<T, TKey>
    where TKey : notnull
{
    private readonly CollectionTable<T, TKey> _table;
    private readonly int[] _columns;
    private readonly int[] _multikey;
    private readonly string _insertRows;
    private readonly string _update;
    private readonly string _upsert;
    private readonly string[] _insertEntries;
    private readonly string[] _deleteOldEntries;
    private readonly string[] _addNewEntries;

    public PostgresStatements(CollectionTable<T, TKey> table)
    {
        _table = table;
        _columns = [.. Enumerable.Range(0, table.KeyColumns.Length).Where(table.IsColumn)];
        _multikey = [.. Enumerable.Range(0, table.KeyColumns.Length).Where(i => !table.IsColumn(i))];
        var t = table.Table;
        var id = table.Key.CastType;
        var names = string.Concat(_columns.Select(i => ", " + table.KeyColumns[i]));
        var arrays = string.Concat(_columns.Select((_, n) => $", ${n + 4}::bytea[]"));
        var values = string.Concat(_columns.Select((_, n) => $", ${n + 3}"));
        // The documents go as bytea (their UTF-8 text as it is), which the server reads as jsonb: a jsonb[] parameter would be sent from strings.
        var columns = string.Concat(_columns.Select((_, n) => $", k{n}"));
        // An insert's rows carry index keys alone: a non-unique entry gets the encoded key (s) appended here.
        var entryValues = string.Concat(_columns.Select((c, n) => table.Entries.IsUnique(c) ? $", k{n}" : $", k{n} || s"));
        _insertRows = $"INSERT INTO {t} (id, sort_key, doc{names}) SELECT i, s, convert_from(d, 'UTF8')::jsonb{entryValues} FROM unnest($1::{id}[], $2::bytea[], $3::bytea[]{arrays}) AS u(i, s, d{columns})";
        _update = $"UPDATE {t} SET doc = $2{string.Concat(_columns.Select((c, n) => $", {table.KeyColumns[c]} = ${n + 3}"))} WHERE id = $1";
        _upsert = $"INSERT INTO {t} (id, sort_key, doc{names}) VALUES ($1, $2, $3{string.Concat(_columns.Select((_, n) => $", ${n + 4}"))}) " +
            $"ON CONFLICT (id) DO UPDATE SET doc = excluded.doc{string.Concat(_columns.Select(c => $", {table.KeyColumns[c]} = excluded.{table.KeyColumns[c]}"))}";
        // Entry n belongs to row r.n of the batch (1-based), whose key and encoded key come once per row, not per entry.
        _insertEntries = [.. table.IndexTables.Select((e, i) =>
            $"INSERT INTO {e} (entry, id) SELECT {(table.Entries.IsUnique(i) ? "u.e" : "u.e || r.s")}, r.i " +
            $"FROM unnest($1::bytea[], $2::integer[]) AS u(e, n) JOIN unnest($3::{id}[], $4::bytea[]) WITH ORDINALITY AS r(i, s, n) ON r.n = u.n")];

        _deleteOldEntries = [.. table.IndexTables.Select(e => $"DELETE FROM {e} WHERE id = $1 AND entry <> ALL($2::bytea[])")];
        _addNewEntries = [.. table.IndexTables.Select((e, i) => AddNewEntries(e, t, id, table.Entries.IsUnique(i)))];
        Delete = $"DELETE FROM {t} WHERE id = $1";
        LockSequence = $"SELECT last FROM {table.Sequence} FOR UPDATE";
        AdvanceSequence = $"UPDATE {table.Sequence} SET last = $1 WHERE last < $1";
    }

    /// <summary>Deletes a document; its multikey entries go with it (the collection table's delete trigger removes them).</summary>
    public string Delete { get; }

    /// <summary>Reads the last key stored or handed out, locking it until the write's transaction ends.</summary>
    public string LockSequence { get; }

    /// <summary>Moves the last key to <c>$1</c> when it is behind.</summary>
    public string AdvanceSequence { get; }

    /// <summary>
    /// Adds the statements inserting <paramref name="rows"/> (rows of <see cref="DocumentRows.ForInsert"/>): one
    /// for the rows, one per multikey index with entries. <paramref name="keys"/>, the rows' keys in order, is sent
    /// as the key column itself when the column holds keys as they are; otherwise the rows' column values are.
    /// </summary>
    public void AddInsert(WriteBatch batch, IReadOnlyList<DocumentRow> rows, TKey[]? keys = null)
    {
        var sortKeys = new byte[rows.Count][];
        var docs = new byte[rows.Count][];
        for (var r = 0; r < rows.Count; r++)
        {
            (sortKeys[r], docs[r]) = (rows[r].SortKey, rows[r].Json);
        }

        var ids = Ids(rows, keys);
        var parameters = new NpgsqlParameter[3 + _columns.Length];
        parameters[0] = WriteBatch.Value(ids);
        parameters[1] = WriteBatch.BytesArray(sortKeys);
        parameters[2] = WriteBatch.BytesArray(docs);
        for (var n = 0; n < _columns.Length; n++)
        {
            var values = new byte[]?[rows.Count];
            for (var r = 0; r < rows.Count; r++)
            {
                values[r] = Single(rows[r].Entries[_columns[n]]);
            }

            parameters[3 + n] = WriteBatch.BytesArray(values);
        }

        batch.Add(_insertRows, parameters);
        foreach (var index in _multikey)
        {
            var count = 0;
            foreach (var row in rows)
            {
                count += row.Entries[index].Length;
            }

            if (count == 0)
            {
                continue;
            }

            var entries = new byte[]?[count];
            var ordinals = new int[count];
            for (int r = 0, e = 0; r < rows.Count; r++)
            {
                foreach (var entry in rows[r].Entries[index])
                {
                    (entries[e], ordinals[e]) = (entry, r + 1);
                    e++;
                }
            }

            batch.Add(_insertEntries[index], WriteBatch.BytesArray(entries), new NpgsqlParameter<int[]> { TypedValue = ordinals }, WriteBatch.Value(ids), WriteBatch.BytesArray(sortKeys));
        }
    }

    /// <summary>The batch's key column values, an array of the column's type: the keys themselves when the column holds them as they are, else the rows' values.</summary>
    private object Ids(IReadOnlyList<DocumentRow> rows, TKey[]? keys)
    {
        if (keys is not null && _table.Key.Direct)
        {
            return keys;
        }

        var ids = new object[rows.Count];
        for (var r = 0; r < rows.Count; r++)
        {
            ids[r] = rows[r].Id;
        }

        return _table.Key.Array(ids);
    }

    /// <summary>Adds the statements replacing the stored document with <paramref name="row"/>; statement 0 changes no row when there is none, and then nothing is written.</summary>
    public void AddUpdate(WriteBatch batch, DocumentRow row)
    {
        // Set on the statement kept from the last update: no parameter is made again.
        var parameters = batch.Statement(_update);
        CommandParameters.Set(parameters, 0, row.Id);
        CommandParameters.SetJson(parameters, 1, row.Json);
        for (var n = 0; n < _columns.Length; n++)
        {
            CommandParameters.SetBytes(parameters, 2 + n, Single(row.Entries[_columns[n]]));
        }

        AddEntryChanges(batch, row);
    }

    /// <summary>Adds the statements storing <paramref name="row"/> whether or not a document with its key exists.</summary>
    public void AddUpsert(WriteBatch batch, DocumentRow row)
    {
        var parameters = new NpgsqlParameter[3 + _columns.Length];
        parameters[0] = WriteBatch.Value(row.Id);
        parameters[1] = WriteBatch.Bytes(row.SortKey);
        parameters[2] = WriteBatch.Json(row.Json);
        for (var n = 0; n < _columns.Length; n++)
        {
            parameters[3 + n] = WriteBatch.Bytes(Single(row.Entries[_columns[n]]));
        }

        batch.Add(_upsert, parameters);
        AddEntryChanges(batch, row);
    }

    /// <summary>Removes the multikey entries the document no longer has and adds the ones it gained; the others stay.</summary>
    private void AddEntryChanges(WriteBatch batch, DocumentRow row)
    {
        foreach (var index in _multikey)
        {
            var delete = batch.Statement(_deleteOldEntries[index]);
            CommandParameters.Set(delete, 0, row.Id);
            CommandParameters.SetBytesArray(delete, 1, row.Entries[index]);
            if (row.Entries[index].Length > 0)
            {
                var insert = batch.Statement(_addNewEntries[index]);
                CommandParameters.Set(insert, 0, row.Id);
                CommandParameters.SetBytesArray(insert, 1, row.Entries[index]);
            }
        }
    }

    /// <summary>
    /// Adds the document's entries it does not have yet. A non-unique entry ends with the primary key, so one
    /// already there is this document's: skipped by the conflict clause. A unique entry is the index key alone,
    /// which another document may hold: only this document's own are skipped, and another's is a unique violation.
    /// </summary>
    private static string AddNewEntries(string entries, string table, string id, bool unique) => unique
        ? $"INSERT INTO {entries} (entry, id) SELECT n.entry, $1::{id} FROM unnest($2::bytea[]) AS n(entry) WHERE EXISTS (SELECT 1 FROM {table} WHERE id = $1) " +
            $"AND NOT EXISTS (SELECT 1 FROM {entries} o WHERE o.entry = n.entry AND o.id = $1)"
        : $"INSERT INTO {entries} (entry, id) SELECT unnest($2::bytea[]), $1::{id} WHERE EXISTS (SELECT 1 FROM {table} WHERE id = $1) ON CONFLICT (entry) DO NOTHING";

    // A single-key index has one entry per document; none leaves the column null, outside every range.
    private static byte[]? Single(byte[][] entries) => entries.Length > 0 ? entries[0] : null;
}
