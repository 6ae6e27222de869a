using DocStore.Benchmarks.Compare.Data;
using DocStore.BTree;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>Point reads, scans and index queries, each on one read snapshot.</summary>
internal sealed partial class DocStoreEngine
{
    public Person? GetById(long id)
    {
        using var tx = _engine.BeginRead();
        Span<byte> pk = stackalloc byte[IndexKeys.MaxSize];
        return Open(tx, PeopleTree).TryGet(pk[..IndexKeys.Primary(pk, id)], out var document) ? _people.Read(document.Span) : null;
    }

    public Person? FindByEmail(string email)
    {
        using var tx = _engine.BeginRead();
        Span<byte> key = stackalloc byte[IndexKeys.MaxSize];
        if (!Open(tx, EmailTree).TryGet(key[..IndexKeys.String(key, email)], out var pk))
        {
            return null;
        }

        return Open(tx, PeopleTree).TryGet(pk.Span, out var document)
            ? _people.Read(document.Span)
            : throw new InvalidOperationException($"DocStore: the Email index points at a missing person for '{email}'.");
    }

    public int Scan(int limit, Action<Person> visit)
    {
        using var tx = _engine.BeginRead();
        var cursor = Open(tx, PeopleTree).CreateCursor();
        var count = 0;
        for (var ok = cursor.SeekFirst(); ok && count < limit; ok = cursor.MoveNext())
        {
            visit(_people.Read(cursor.Value.Span));
            count++;
        }

        return count;
    }

    public void FilterByScoreBelow(int below, List<Person> into)
    {
        using var tx = _engine.BeginRead();
        var cursor = Open(tx, PeopleTree).CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            // Only the matching fifth is deserialized; the rest is skipped field by field.
            var document = cursor.Value.Span;
            if (_people.ReadScore(document) < below)
            {
                into.Add(_people.Read(document));
            }
        }
    }

    public void FindByAgeRange(int lowAge, int highAge, List<Person> into)
    {
        using var tx = _engine.BeginRead();
        var primary = Open(tx, PeopleTree);
        var cursor = Open(tx, AgeTree).CreateCursor();
        Span<byte> start = stackalloc byte[IndexKeys.MaxSize];
        Span<byte> end = stackalloc byte[IndexKeys.MaxSize];
        start = start[..IndexKeys.Int32(start, lowAge)];
        end = end[..IndexKeys.Int32(end, highAge + 1)];
        for (var ok = cursor.Seek(start); ok && cursor.Key.SequenceCompareTo(end) < 0; ok = cursor.MoveNext())
        {
            into.Add(Fetch(primary, IndexKeys.PrimaryTail(cursor.Key)));
        }
    }

    public void FindByCity(string city, List<Person> into) => FindByStringIndex(CityTree, city, into);

    public void FindByTag(string tag, List<Person> into) => FindByStringIndex(TagTree, tag, into);

    private void FindByStringIndex(string indexName, string value, List<Person> into)
    {
        using var tx = _engine.BeginRead();
        var primary = Open(tx, PeopleTree);
        var cursor = Open(tx, indexName).CreateCursor();
        Span<byte> prefix = stackalloc byte[IndexKeys.MaxSize];
        prefix = prefix[..IndexKeys.String(prefix, value)];
        for (var ok = cursor.Seek(prefix); ok && cursor.Key.StartsWith(prefix); ok = cursor.MoveNext())
        {
            into.Add(Fetch(primary, cursor.Key[prefix.Length..]));
        }
    }

    private Person Fetch(Tree primary, ReadOnlySpan<byte> pk) =>
        primary.TryGet(pk, out var document)
            ? _people.Read(document.Span)
            : throw new InvalidOperationException("DocStore: an index entry points at a missing person.");

    public IPersonReader CreateReader() => new Reader(this);

    /// <summary>The engine is thread-safe and every read takes its own snapshot, so a reader is the engine itself.</summary>
    private sealed class Reader(DocStoreEngine owner) : IPersonReader
    {
        public Person? GetById(long id) => owner.GetById(id);

        public void Dispose()
        {
        }
    }
}
