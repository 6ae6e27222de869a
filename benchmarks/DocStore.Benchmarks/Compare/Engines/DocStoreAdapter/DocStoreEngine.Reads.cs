using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>Point reads, scans and index queries through the People collection; each runs on its own snapshot.</summary>
internal sealed partial class DocStoreEngine
{
    public Person? GetById(long id) => _db.People.Get(id);

    public Person? FindByEmail(string email) => _db.People.FindByEmail(email);

    public int Scan(int limit, Action<Person> visit)
    {
        var count = 0;
        foreach (var person in _db.People.Scan(limit == int.MaxValue ? null : new QueryOptions { Take = limit }))
        {
            visit(person);
            count++;
        }

        return count;
    }

    /// <summary>
    /// No index covers Score, so this is a full scan with the predicate applied to each materialized
    /// document, as a user of the collection API writes it: the API has no scan that tests a stored field
    /// before deserializing (the generated <c>PersonCollection.TryReadScore</c> reads one from bytes, but no
    /// collection method hands a scan's bytes to it).
    /// </summary>
    public void FilterByScoreBelow(int below, List<Person> into)
    {
        foreach (var person in _db.People.FindAll())
        {
            if (person.Score < below)
            {
                into.Add(person);
            }
        }
    }

    public void FindByAgeRange(int lowAge, int highAge, List<Person> into) => into.AddRange(_db.People.FindByAgeRange(lowAge, highAge));

    public void FindByCity(string city, List<Person> into) => into.AddRange(_db.People.FindByAddressCity(city));

    public void FindByTag(string tag, List<Person> into) => into.AddRange(_db.People.FindByTags(tag));

    public IPersonReader CreateReader() => new Reader(this);

    /// <summary>The context is thread-safe and every read takes its own snapshot, so a reader is the engine itself.</summary>
    private sealed class Reader(DocStoreEngine owner) : IPersonReader
    {
        public Person? GetById(long id) => owner.GetById(id);

        public void Dispose()
        {
        }
    }
}
