using DocStore.Benchmarks.Compare.Data;
using LiteDB;

namespace DocStore.Benchmarks.Compare.Engines.LiteDb;

/// <summary>YCSB through the usertable collection: one document per record, <c>_id</c> the YCSB string key.</summary>
internal sealed partial class LiteDbEngine
{
    public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records)
    {
        if (records.Length == 1)
        {
            _usertable.Insert(YcsbDocument.From(records[0].Key, records[0].Record));
            return;
        }

        var documents = new YcsbDocument[records.Length];
        for (var i = 0; i < documents.Length; i++)
        {
            documents[i] = YcsbDocument.From(records[i].Key, records[i].Record);
        }

        _usertable.Insert(documents);
    }

    public bool YcsbRead(string key, YcsbRecord into)
    {
        var document = _usertable.FindById(key);
        document?.CopyTo(into);
        return document is not null;
    }

    public void YcsbUpdate(string key, int field, string value) => ReadModifyWrite(key, field, value, into: null);

    public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => ReadModifyWrite(key, field, value, into);

    /// <summary>
    /// Setting one field reads the record and writes it back inside one explicit transaction (LiteDB's
    /// transactions belong to the calling thread), as the DocStore adapter does: LiteDB stores whole
    /// documents, so a partial <c>UpdateMany</c> would rewrite the document all the same.
    /// </summary>
    private void ReadModifyWrite(string key, int field, string value, YcsbRecord? into)
    {
        YcsbDocument document;
        _db.BeginTrans();
        try
        {
            document = _usertable.FindById(key) ?? throw new InvalidOperationException($"LiteDB: YCSB record '{key}' does not exist.");
            document.Set(field, value);
            _usertable.Update(document);
            _db.Commit();
        }
        catch
        {
            _db.Rollback();
            throw;
        }

        if (into is not null)
        {
            document.CopyTo(into);
        }
    }

    /// <summary><c>_id &gt;= startKey</c> walks the <c>_id</c> index in key order; the limit stops it after <paramref name="count"/>.</summary>
    public int YcsbScan(string startKey, int count, YcsbRecord into)
    {
        var read = 0;
        foreach (var document in _usertable.Find(BsonExpression.Create("_id >= @0", new BsonValue(startKey)), 0, count))
        {
            document.CopyTo(into);
            read++;
        }

        return read;
    }
}
