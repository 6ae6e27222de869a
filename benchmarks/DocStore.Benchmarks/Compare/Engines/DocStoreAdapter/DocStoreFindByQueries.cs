using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// The <c>linq_*</c> queries as a DocStore user writes them without LINQ: the generated <c>FindBy…</c>
/// methods for indexed questions, <c>Get</c> per key, and <c>FindAll()</c> with LINQ to objects where no
/// index helps (every document deserialized, then filtered or projected). The baseline the LINQ rows are
/// read against (engine <c>docstore-findby</c>).
/// </summary>
internal sealed class DocStoreFindByQueries(BenchmarkDb db) : ILinqEngine
{
    public Person? LinqFindByEmail(string email) => db.People.FindByEmail(email);

    public void LinqAgeRange(int lowAge, int highAge, List<Person> into) => into.AddRange(db.People.FindByAgeRange(lowAge, highAge));

    public void LinqEmailPrefix(string prefix, List<Person> into) => into.AddRange(db.People.FindByEmailPrefix(prefix));

    public void LinqCity(string city, List<Person> into) => into.AddRange(db.People.FindByAddressCity(city));

    public void LinqTag(string tag, List<Person> into) => into.AddRange(db.People.FindByTags(tag));

    public void LinqScoreBelow(int below, List<Person> into) => into.AddRange(db.People.FindAll().Where(p => p.Score < below));

    public void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into) =>
        into.AddRange(db.People.FindAll().Where(p => p.Score < below).Select(p => (p.Name, p.Age)));

    public void LinqIdsIn(long[] ids, List<Person> into)
    {
        foreach (var id in ids)
        {
            if (db.People.Get(id) is { } person)
            {
                into.Add(person);
            }
        }
    }
}
