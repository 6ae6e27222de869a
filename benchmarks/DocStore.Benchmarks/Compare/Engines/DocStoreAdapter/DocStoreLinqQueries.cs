using DocStore.Benchmarks.Compare.Data;

// The unindexed rows scan on purpose: they measure the filter over stored bytes against a full read.
#pragma warning disable DOCS025

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>The <c>linq_*</c> queries through DocStore's LINQ surface, <c>db.People.Query()</c>, as a user writes them.</summary>
internal sealed class DocStoreLinqQueries(BenchmarkDb db) : ILinqEngine
{
    public Person? LinqFindByEmail(string email) => db.People.Query().Where(p => p.Email == email).FirstOrDefault();

    public void LinqAgeRange(int lowAge, int highAge, List<Person> into) =>
        into.AddRange(db.People.Query().Where(p => p.Age >= lowAge && p.Age <= highAge).OrderBy(p => p.Age).ThenBy(p => p.Id));

    public void LinqEmailPrefix(string prefix, List<Person> into) =>
        into.AddRange(db.People.Query().Where(p => p.Email.StartsWith(prefix, StringComparison.Ordinal)));

    public void LinqCity(string city, List<Person> into) => into.AddRange(db.People.Query().Where(p => p.Address.City == city));

    public void LinqTag(string tag, List<Person> into) => into.AddRange(db.People.Query().Where(p => p.Tags.Contains(tag)));

    public void LinqScoreBelow(int below, List<Person> into) => into.AddRange(db.People.Query().Where(p => p.Score < below));

    public void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into)
    {
        foreach (var row in db.People.Query().Where(p => p.Score < below).Select(p => new { p.Name, p.Age }))
        {
            into.Add((row.Name, row.Age));
        }
    }

    public void LinqIdsIn(long[] ids, List<Person> into) => into.AddRange(db.People.Query().Where(p => ids.Contains(p.Id)));
}
