using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// The <c>linq_*</c> queries, through <c>Query()</c> (<see cref="DocStoreLinqQueries"/>) or, for the
/// <c>docstore-findby</c> baseline, through the calls users make without it (<see cref="DocStoreFindByQueries"/>).
/// </summary>
internal sealed partial class DocStoreEngine
{
    public Person? LinqFindByEmail(string email) => _linq.LinqFindByEmail(email);

    public void LinqAgeRange(int lowAge, int highAge, List<Person> into) => _linq.LinqAgeRange(lowAge, highAge, into);

    public void LinqEmailPrefix(string prefix, List<Person> into) => _linq.LinqEmailPrefix(prefix, into);

    public void LinqCity(string city, List<Person> into) => _linq.LinqCity(city, into);

    public void LinqTag(string tag, List<Person> into) => _linq.LinqTag(tag, into);

    public void LinqScoreBelow(int below, List<Person> into) => _linq.LinqScoreBelow(below, into);

    public void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into) => _linq.LinqNameAgeOfScoreBelow(below, into);

    public void LinqIdsIn(long[] ids, List<Person> into) => _linq.LinqIdsIn(ids, into);
}
