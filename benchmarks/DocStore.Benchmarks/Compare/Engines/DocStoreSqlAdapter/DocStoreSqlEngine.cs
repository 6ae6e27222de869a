using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreSqlAdapter;

/// <summary>
/// DocStore through its SQL surface: every read is a prepared <see cref="SqlPreparedStatement"/> over the
/// same typed context (documents come back through the generated serializer with <c>Query&lt;Person&gt;</c>);
/// writes and YCSB go through the typed API, which SQL does not replace.
/// </summary>
internal sealed class DocStoreSqlEngine : IDocumentEngine, IAnalyticsEngine
{
    private readonly DocStoreEngine _typed;
    private readonly DocStoreSql _sql;
    private readonly SqlPreparedStatement _get;
    private readonly SqlPreparedStatement _byEmail;
    private readonly SqlPreparedStatement _scan;
    private readonly SqlPreparedStatement _scoreBelow;
    private readonly SqlPreparedStatement _ageRange;
    private readonly SqlPreparedStatement _city;
    private readonly SqlPreparedStatement _tag;
    private readonly SqlPreparedStatement _groupByAge;
    private readonly SqlPreparedStatement _topByAge;
    private readonly SqlPreparedStatement _join;
    private readonly SqlPreparedStatement _chain4;
    private readonly SqlPreparedStatement _chain8;

    // One parameter list per thread, cleared and refilled per call, as the SQLite adapter reuses its
    // commands' parameters; readers of the concurrent workloads call from several threads.
    [ThreadStatic]
    private static SqlParameters? _parameters;

    public DocStoreSqlEngine(EngineConfig config)
    {
        _typed = new DocStoreEngine(config);
        _sql = _typed.Db.Sql;
        _get = _sql.Prepare("SELECT * FROM People WHERE Id = ?");
        _byEmail = _sql.Prepare("SELECT * FROM People WHERE Email = ?");
        _scan = _sql.Prepare("SELECT * FROM People ORDER BY Id LIMIT ?");
        _scoreBelow = _sql.Prepare("SELECT * FROM People WHERE Score < ?");
        _ageRange = _sql.Prepare("SELECT * FROM People WHERE Age BETWEEN ? AND ? ORDER BY Age, Id");
        _city = _sql.Prepare("SELECT * FROM People WHERE Address.City = ?");
        _tag = _sql.Prepare("SELECT * FROM People WHERE Tags[] = ?");
        _groupByAge = _sql.Prepare("SELECT Age, COUNT(*), SUM(Score) FROM People GROUP BY Age");
        _topByAge = _sql.Prepare("SELECT * FROM People WHERE Age BETWEEN ? AND ? ORDER BY Age, Id LIMIT ?");
        _join = _sql.Prepare("SELECT p.Name, o.Total FROM People p JOIN Orders o ON o.CustomerId = p.Id");
        _chain4 = _sql.Prepare(Workloads.JoinChain.DocStoreSql(1));
        _chain8 = _sql.Prepare(Workloads.JoinChain.DocStoreSql(3));
    }

    public string Name => "DocStore SQL";

    public long FileBytes => _typed.FileBytes;

    public void Dispose() => _typed.Dispose();

    public void Insert(IReadOnlyList<Person> people) => _typed.Insert(people);

    public void Update(Person person) => _typed.Update(person);

    public Person? GetById(long id)
    {
        var found = _get.Query<Person>(Parameters().Add(id));
        return found.Count == 0 ? null : found[0];
    }

    public Person? FindByEmail(string email)
    {
        var found = _byEmail.Query<Person>(Parameters().Add(email));
        return found.Count == 0 ? null : found[0];
    }

    public int Scan(int limit, Action<Person> visit)
    {
        var people = _scan.Query<Person>(Parameters().Add(limit == int.MaxValue ? -1 : limit));
        foreach (var person in people)
        {
            visit(person);
        }

        return people.Count;
    }

    public void FilterByScoreBelow(int below, List<Person> into) => into.AddRange(_scoreBelow.Query<Person>(Parameters().Add(below)));

    public void FindByAgeRange(int lowAge, int highAge, List<Person> into) => into.AddRange(_ageRange.Query<Person>(Parameters().Add(lowAge).Add(highAge)));

    public void FindByCity(string city, List<Person> into) => into.AddRange(_city.Query<Person>(Parameters().Add(city)));

    public void FindByTag(string tag, List<Person> into) => into.AddRange(_tag.Query<Person>(Parameters().Add(tag)));

    public IPersonReader CreateReader() => new Reader(this);

    public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records) => _typed.YcsbInsert(records);

    public bool YcsbRead(string key, YcsbRecord into) => _typed.YcsbRead(key, into);

    public void YcsbUpdate(string key, int field, string value) => _typed.YcsbUpdate(key, field, value);

    public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => _typed.YcsbReadModifyWrite(key, field, value, into);

    public int YcsbScan(string startKey, int count, YcsbRecord into) => _typed.YcsbScan(startKey, count, into);

    public void InsertOrders(IReadOnlyList<Order> orders) => _typed.InsertOrders(orders);

    public void GroupByAge(List<(long Age, long Count, long ScoreSum)> into)
    {
        using var rows = _groupByAge.ExecuteReader();
        while (rows.Read())
        {
            into.Add((rows.GetValue(0).AsInt32, rows.GetValue(1).AsInt64, rows.GetValue(2).AsInt64));
        }
    }

    public void TopByAge(int lowAge, int highAge, int limit, List<Person> into) =>
        into.AddRange(_topByAge.Query<Person>(Parameters().Add(lowAge).Add(highAge).Add(limit)));

    public (long Pairs, double Total) JoinOrders()
    {
        long pairs = 0;
        double total = 0;
        using var rows = _join.ExecuteReader();
        while (rows.Read())
        {
            pairs += rows.GetValue(0).AsString.Length > 0 ? 1 : 0;
            total += rows.GetValue(1).AsDouble;
        }

        return (pairs, total);
    }

    public (long Rows, double Total) JoinChain(int age, int hops)
    {
        var statement = hops == 1 ? _chain4 : hops == 3 ? _chain8 : throw new ArgumentOutOfRangeException(nameof(hops), hops, "1 or 3");
        using var rows = statement.ExecuteReader(Parameters().Add(age));
        rows.Read();
        var total = rows.GetValue(1);
        return (rows.GetValue(0).AsInt64, total.IsNull ? 0 : total.AsDouble);
    }

    private static SqlParameters Parameters()
    {
        var parameters = _parameters ??= new SqlParameters();
        parameters.Clear();
        return parameters;
    }

    private sealed class Reader(DocStoreSqlEngine owner) : IPersonReader
    {
        public Person? GetById(long id) => owner.GetById(id);

        public void Dispose()
        {
        }
    }
}
