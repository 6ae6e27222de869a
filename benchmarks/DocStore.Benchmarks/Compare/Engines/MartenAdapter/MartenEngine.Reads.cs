using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.MartenAdapter;

/// <summary>Reads: <c>LoadAsync</c> by id, and LINQ queries that Marten translates to SQL over its computed indexes.</summary>
internal sealed partial class MartenEngine
{
    public Person? GetById(long id)
    {
        using var session = _store.QuerySession();
        return session.LoadAsync<Person>(id).GetAwaiter().GetResult();
    }

    public Person? FindByEmail(string email)
    {
        using var session = _store.QuerySession();
        var found = List(session.Query<Person>().Where(p => p.Email == email));
        return found.Count == 0 ? null : found[0];
    }

    public int Scan(int limit, Action<Person> visit)
    {
        using var session = _store.QuerySession();
        var ordered = session.Query<Person>().OrderBy(p => p.Id);
        var people = List(limit == int.MaxValue ? ordered : ordered.Take(limit));
        foreach (var person in people)
        {
            visit(person);
        }

        return people.Count;
    }

    public void FilterByScoreBelow(int below, List<Person> into) => Into(into, q => q.Where(p => p.Score < below).OrderBy(p => p.Id));

    public void FindByAgeRange(int lowAge, int highAge, List<Person> into) =>
        Into(into, q => q.Where(p => p.Age >= lowAge && p.Age <= highAge).OrderBy(p => p.Age).ThenBy(p => p.Id));

    public void FindByCity(string city, List<Person> into) => Into(into, q => q.Where(p => p.Address.City == city).OrderBy(p => p.Id));

    public void FindByTag(string tag, List<Person> into) => Into(into, q => q.Where(p => p.Tags.Contains(tag)).OrderBy(p => p.Id));

    private void Into(List<Person> into, Func<IQueryable<Person>, IQueryable<Person>> query)
    {
        using var session = _store.QuerySession();
        into.AddRange(List(query(session.Query<Person>())));
    }

    /// <summary>
    /// Runs a Marten query with Marten's own <c>ToListAsync</c>, named in full: DocStore's LINQ operators of
    /// the same name are in scope here and accept only DocStore queries.
    /// </summary>
    private static IReadOnlyList<Person> List(IQueryable<Person> query) => Marten.QueryableExtensions.ToListAsync(query).GetAwaiter().GetResult();
}
