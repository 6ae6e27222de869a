using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>YCSB through the Usertable collection: one document per record, keyed by the YCSB string key.</summary>
internal sealed partial class DocStoreEngine
{
    public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records)
    {
        if (records.Length == 1)
        {
            _db.Usertable.Insert(YcsbDocument.From(records[0].Key, records[0].Record));
            return;
        }

        var documents = new YcsbDocument[records.Length];
        for (var i = 0; i < documents.Length; i++)
        {
            documents[i] = YcsbDocument.From(records[i].Key, records[i].Record);
        }

        _db.Usertable.InsertMany(documents);
    }

    public bool YcsbRead(string key, YcsbRecord into)
    {
        var document = _db.Usertable.Get(key);
        document?.CopyTo(into);
        return document is not null;
    }

    public void YcsbUpdate(string key, int field, string value) => ReadModifyWrite(key, field, value, into: null);

    public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => ReadModifyWrite(key, field, value, into);

    /// <summary>
    /// The collection API replaces whole documents (no partial update), so setting one field reads the
    /// record and writes it back inside one explicit transaction, as SQLite rewrites the whole row.
    /// </summary>
    private void ReadModifyWrite(string key, int field, string value, YcsbRecord? into)
    {
        using var tx = _db.BeginTransaction();
        var document = _db.Usertable.Get(tx, key) ?? throw new InvalidOperationException($"DocStore: YCSB record '{key}' does not exist.");
        document.Set(field, value);
        _db.Usertable.Update(tx, document);
        tx.Commit();
        if (into is not null)
        {
            document.CopyTo(into);
        }
    }

    public int YcsbScan(string startKey, int count, YcsbRecord into)
    {
        var read = 0;
        foreach (var document in _db.Usertable.ScanFrom(startKey, new QueryOptions { Take = count }))
        {
            document.CopyTo(into);
            read++;
        }

        return read;
    }
}
