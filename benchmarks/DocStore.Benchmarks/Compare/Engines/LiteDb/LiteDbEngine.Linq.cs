using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Engines.LiteDb;

/// <summary>
/// The <c>linq_*</c> queries through LiteDB's own LINQ, <c>collection.Query().Where(…)</c>, which turns
/// each lambda into a <c>BsonExpression</c> on every call and picks an index as its optimizer sees fit.
/// LiteDB orders by one expression only (no <c>ThenBy</c>), so the age range is ordered by age in the
/// query and by (age, id) here, as <see cref="FindByAgeRange"/> does. <c>Contains</c> on an array is
/// written as <c>Enumerable.Contains</c>: C# 14 binds <c>array.Contains(x)</c> to the span overload, which
/// LiteDB's expression visitor does not know.
/// </summary>
internal sealed partial class LiteDbEngine : ILinqEngine
{
    public Person? LinqFindByEmail(string email) => _people.Query().Where(p => p.Email == email).FirstOrDefault();

    public void LinqAgeRange(int lowAge, int highAge, List<Person> into) =>
        AddSorted(_people.Query().Where(p => p.Age >= lowAge && p.Age <= highAge).OrderBy(p => p.Age).ToEnumerable(), into, ByAgeThenId);

    public void LinqEmailPrefix(string prefix, List<Person> into) =>
        into.AddRange(_people.Query().Where(p => p.Email.StartsWith(prefix, StringComparison.Ordinal)).ToEnumerable());

    public void LinqCity(string city, List<Person> into) => into.AddRange(_people.Query().Where(p => p.Address.City == city).ToEnumerable());

    public void LinqTag(string tag, List<Person> into) => into.AddRange(_people.Query().Where(p => Enumerable.Contains(p.Tags, tag)).ToEnumerable());

    public void LinqScoreBelow(int below, List<Person> into) => into.AddRange(_people.Query().Where(p => p.Score < below).ToEnumerable());

    public void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into)
    {
        foreach (var row in _people.Query().Where(p => p.Score < below).Select(p => new { p.Name, p.Age }).ToEnumerable())
        {
            into.Add((row.Name, row.Age));
        }
    }

    public void LinqIdsIn(long[] ids, List<Person> into) => into.AddRange(_people.Query().Where(p => Enumerable.Contains(ids, p.Id)).ToEnumerable());
}
