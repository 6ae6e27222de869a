using DocStore.Benchmarks.Compare.Data;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>The YCSB table in the YCSB JDBC layout: a key column and ten field columns.</summary>
internal sealed partial class SqliteEngine
{
    public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records)
    {
        using var tx = _connection.BeginTransaction();
        var insert = Enlist(_sql.YcsbInsert, tx);
        foreach (var (key, record) in records)
        {
            insert.Parameters[0].Value = key;
            for (var i = 0; i < YcsbRecord.FieldCount; i++)
            {
                insert.Parameters[i + 1].Value = record.Fields[i];
            }

            insert.ExecuteNonQuery();
        }

        tx.Commit();
    }

    public bool YcsbRead(string key, YcsbRecord into) => ReadRecord(Enlist(_sql.YcsbRead, null), key, into);

    public void YcsbUpdate(string key, int field, string value)
    {
        var update = Enlist(_sql.YcsbUpdate[field], null);
        update.Parameters[0].Value = value;
        update.Parameters[1].Value = key;
        if (update.ExecuteNonQuery() != 1)
        {
            throw new InvalidOperationException($"SQLite: YCSB record '{key}' does not exist.");
        }
    }

    public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into)
    {
        using var tx = _connection.BeginTransaction();
        if (!ReadRecord(Enlist(_sql.YcsbRead, tx), key, into))
        {
            throw new InvalidOperationException($"SQLite: YCSB record '{key}' does not exist.");
        }

        var update = Enlist(_sql.YcsbUpdate[field], tx);
        update.Parameters[0].Value = value;
        update.Parameters[1].Value = key;
        update.ExecuteNonQuery();
        tx.Commit();
        into.Fields[field] = value;
    }

    public int YcsbScan(string startKey, int count, YcsbRecord into)
    {
        var scan = Enlist(_sql.YcsbScan, null);
        scan.Parameters[0].Value = startKey;
        scan.Parameters[1].Value = count;
        using var reader = scan.ExecuteReader();
        var read = 0;
        while (reader.Read())
        {
            Fill(reader, into);
            read++;
        }

        return read;
    }

    private static bool ReadRecord(SqliteCommand command, string key, YcsbRecord into)
    {
        command.Parameters[0].Value = key;
        using var reader = command.ExecuteReader();
        if (!reader.Read())
        {
            return false;
        }

        Fill(reader, into);
        return true;
    }

    private static void Fill(SqliteDataReader reader, YcsbRecord into)
    {
        for (var i = 0; i < YcsbRecord.FieldCount; i++)
        {
            into.Fields[i] = reader.GetString(i);
        }
    }
}
