using DocStore.Benchmarks.Compare.Data;
using LiteDB;

namespace DocStore.Benchmarks.Compare.Engines.LiteDb;

/// <summary>
/// Point reads, scans and index queries. Predicates are parameterized <see cref="BsonExpression"/>s on the
/// indexed paths, so the optimizer picks the index and LiteDB parses each expression text once (its
/// expression cache is keyed by the text). Not LiteDB's <c>Query.EQ(field, value)</c> helpers: they write
/// the value into the expression text, so every new value is a new text to parse and cache; nor lambdas,
/// which LiteDB translates to expression text on every call.
/// </summary>
internal sealed partial class LiteDbEngine
{
    /// <summary>(Age, Id): the order the harness asks of an age range.</summary>
    private static readonly Comparison<Person> ByAgeThenId = (a, b) => a.Age != b.Age ? a.Age.CompareTo(b.Age) : a.Id.CompareTo(b.Id);

    private static readonly Comparison<Person> ById = (a, b) => a.Id.CompareTo(b.Id);

    public Person? GetById(long id) => _people.FindById(id);

    /// <summary>Whether a person with <paramref name="id"/> is stored (the collection benchmarks' Exists; the harness does not use it).</summary>
    public bool Exists(long id) => _people.Exists(BsonExpression.Create("_id = @0", new BsonValue(id)));

    public Person? FindByEmail(string email) => _people.FindOne(BsonExpression.Create(LiteDbSchema.EmailPath + " = @0", new BsonValue(email)));

    /// <summary><see cref="LiteDB.Query.All()"/> walks the <c>_id</c> index, so the scan is in id order without a sort.</summary>
    public int Scan(int limit, Action<Person> visit)
    {
        var count = 0;
        foreach (var person in _people.Find(LiteDB.Query.All(), 0, limit))
        {
            visit(person);
            count++;
        }

        return count;
    }

    /// <summary>No index covers Score: LiteDB runs a full scan of the <c>_id</c> index with the filter, so results come in id order.</summary>
    public void FilterByScoreBelow(int below, List<Person> into) => into.AddRange(_people.Find(BsonExpression.Create("$.Score < @0", new BsonValue(below))));

    /// <summary>
    /// The Age index returns ages in order but people of equal age in the order of their index nodes, not by
    /// id (LiteDB orders by one expression only, no <c>ThenBy</c>), so the range is sorted by (Age, Id) here.
    /// </summary>
    public void FindByAgeRange(int lowAge, int highAge, List<Person> into) =>
        AddSorted(_people.Find(BsonExpression.Create(LiteDbSchema.AgePath + " BETWEEN @0 AND @1", new BsonValue(lowAge), new BsonValue(highAge))), into, ByAgeThenId);

    /// <summary>Equal keys of the City index are not kept in id order by LiteDB, so the matches are sorted by id.</summary>
    public void FindByCity(string city, List<Person> into) => AddSorted(_people.Find(BsonExpression.Create(LiteDbSchema.CityPath + " = @0", new BsonValue(city))), into, ById);

    /// <summary>
    /// <c>Tags[*] ANY = tag</c> is the multikey predicate the <c>$.Tags[*]</c> index serves; equal keys are
    /// not in id order, so the matches are sorted by id.
    /// </summary>
    public void FindByTag(string tag, List<Person> into) =>
        AddSorted(_people.Find(BsonExpression.Create(LiteDbSchema.TagsPath + " ANY = @0", new BsonValue(tag))), into, ById);

    /// <summary>LiteDB's database is thread-safe (each read runs in its own snapshot), so a reader is the engine itself.</summary>
    public IPersonReader CreateReader() => new Reader(this);

    private static void AddSorted(IEnumerable<Person> people, List<Person> into, Comparison<Person> order)
    {
        var start = into.Count;
        into.AddRange(people);
        into.Sort(start, into.Count - start, Comparer<Person>.Create(order));
    }

    private sealed class Reader(LiteDbEngine owner) : IPersonReader
    {
        public Person? GetById(long id) => owner.GetById(id);

        public void Dispose()
        {
        }
    }
}
