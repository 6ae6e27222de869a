using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>The YCSB table: one tree keyed by the encoded string key, C-BSON records as values.</summary>
internal sealed partial class DocStoreEngine
{
    public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records)
    {
        using var tx = _engine.BeginWrite();
        var table = Open(tx, UserTable);
        Span<byte> key = stackalloc byte[IndexKeys.MaxSize];
        foreach (var (k, record) in records)
        {
            _buffer.ResetWrittenCount();
            _ycsb.Write(record, _buffer);
            table.Put(key[..IndexKeys.String(key, k)], _buffer.WrittenSpan);
        }

        tx.Commit();
    }

    public bool YcsbRead(string key, YcsbRecord into)
    {
        using var tx = _engine.BeginRead();
        Span<byte> k = stackalloc byte[IndexKeys.MaxSize];
        if (!Open(tx, UserTable).TryGet(k[..IndexKeys.String(k, key)], out var document))
        {
            return false;
        }

        _ycsb.Read(document.Span, into);
        return true;
    }

    public void YcsbUpdate(string key, int field, string value) => ReadModifyWrite(key, field, value, new YcsbRecord());

    public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => ReadModifyWrite(key, field, value, into);

    private void ReadModifyWrite(string key, int field, string value, YcsbRecord into)
    {
        using var tx = _engine.BeginWrite();
        var table = Open(tx, UserTable);
        Span<byte> k = stackalloc byte[IndexKeys.MaxSize];
        k = k[..IndexKeys.String(k, key)];
        if (!table.TryGet(k, out var document))
        {
            throw new InvalidOperationException($"DocStore: YCSB record '{key}' does not exist.");
        }

        // A document store rewrites the whole record to change one field, as SQLite rewrites the row.
        _ycsb.Read(document.Span, into);
        into.Fields[field] = value;
        _buffer.ResetWrittenCount();
        _ycsb.Write(into, _buffer);
        table.Put(k, _buffer.WrittenSpan);
        tx.Commit();
    }

    public int YcsbScan(string startKey, int count, YcsbRecord into)
    {
        using var tx = _engine.BeginRead();
        var cursor = Open(tx, UserTable).CreateCursor();
        Span<byte> k = stackalloc byte[IndexKeys.MaxSize];
        var read = 0;
        for (var ok = cursor.Seek(k[..IndexKeys.String(k, startKey)]); ok && read < count; ok = cursor.MoveNext())
        {
            _ycsb.Read(cursor.Value.Span, into);
            read++;
        }

        return read;
    }
}
