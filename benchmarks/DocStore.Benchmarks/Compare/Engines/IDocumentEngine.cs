using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>
/// What every engine under comparison must do, in its own idiom. Every method does complete work: writes
/// commit (one transaction per call), reads return fully materialized documents, so no engine can win by
/// doing less. Not thread-safe unless stated: concurrent readers get their own <see cref="IPersonReader"/>.
/// </summary>
public interface IDocumentEngine : IDisposable
{
    string Name { get; }

    /// <summary>Inserts <paramref name="people"/> in one transaction, with all their index entries.</summary>
    void Insert(IReadOnlyList<Person> people);

    /// <summary>Replaces the stored person with the same id (its index entries follow), in one transaction.</summary>
    void Update(Person person);

    Person? GetById(long id);

    Person? FindByEmail(string email);

    /// <summary>Every person in id order, up to <paramref name="limit"/>; returns the count and calls <paramref name="visit"/> on each.</summary>
    int Scan(int limit, Action<Person> visit);

    /// <summary>People with <c>Score &lt; below</c>, in id order, through no index.</summary>
    void FilterByScoreBelow(int below, List<Person> into);

    /// <summary>People with <c>lowAge &lt;= Age &lt;= highAge</c>, ordered by age then id.</summary>
    void FindByAgeRange(int lowAge, int highAge, List<Person> into);

    /// <summary>People with <c>Address.City == city</c>, in id order.</summary>
    void FindByCity(string city, List<Person> into);

    /// <summary>People whose <c>Tags</c> contain <paramref name="tag"/>, in id order.</summary>
    void FindByTag(string tag, List<Person> into);

    /// <summary>A reader for one other thread, reading while this engine's writer commits.</summary>
    IPersonReader CreateReader();

    /// <summary>Inserts YCSB records in one transaction.</summary>
    void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records);

    /// <summary>Reads all fields of a YCSB record into <paramref name="into"/>; false when absent.</summary>
    bool YcsbRead(string key, YcsbRecord into);

    /// <summary>Sets one field of a YCSB record, in one transaction.</summary>
    void YcsbUpdate(string key, int field, string value);

    /// <summary>Reads a record and sets one of its fields, in one transaction.</summary>
    void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into);

    /// <summary>Reads up to <paramref name="count"/> records in key order from <paramref name="startKey"/>; returns how many.</summary>
    int YcsbScan(string startKey, int count, YcsbRecord into);

    /// <summary>
    /// Whether the engine's calls run work on other threads (asynchronous I/O completing on the thread pool),
    /// so that its allocations must be counted for the whole process rather than for the calling thread.
    /// </summary>
    bool AllocatesOnOtherThreads => false;

    /// <summary>Bytes the engine's files take on disk now (0 in memory).</summary>
    long FileBytes { get; }
}
