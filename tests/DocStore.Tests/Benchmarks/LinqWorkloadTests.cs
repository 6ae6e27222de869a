using DocStore.Benchmarks.Compare;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Workloads;
using DocStore.Tests.Support;

namespace DocStore.Tests.Benchmarks;

/// <summary>
/// The <c>linq_*</c> rows: every engine with LINQ queries answers them as LINQ to objects does, a wrong
/// answer fails verification, and engines without them are left out of those rows rather than failing the run.
/// </summary>
public sealed class LinqWorkloadTests
{
    private static readonly Scale Smoke = Scale.For(RunMode.Smoke);

    public static TheoryData<string> LinqEngines => [EngineCatalog.DocStoreName, EngineCatalog.DocStoreFindByName, EngineCatalog.SqliteName, EngineCatalog.LiteDbName];

    [Fact]
    public void The_linq_prefix_selects_the_eight_linq_rows_in_catalog_order()
    {
        Assert.Equal(
            ["linq_find_unique_email", "linq_range_age_1000", "linq_prefix_email", "linq_find_path_city", "linq_find_multikey_tag", "linq_filter_unindexed_20pct", "linq_project_2_fields", "linq_in_10_ids"],
            WorkloadCatalog.Select(["linq_*"]).Select(w => w.Name));
        Assert.All(WorkloadCatalog.Select(["linq_*"]), w => Assert.Contains(w, WorkloadCatalog.All));
    }

    [Theory]
    [MemberData(nameof(LinqEngines))]
    public void Every_linq_row_verifies_on_the_engine(string name)
    {
        using var temp = new TempDirectory();
        foreach (var workload in WorkloadCatalog.Select(["linq_*"]))
        {
            var directory = Path.Combine(temp.Path, workload.Name);
            Directory.CreateDirectory(directory);
            using var engine = EngineCatalog.Open(name, new EngineConfig(directory, CommitDurability.Normal));
            Assert.True(workload.Accepts(engine), $"{name} does not accept {workload.Name}");
            using var run = workload.Start(engine, Smoke, seed: 3);
            run.Measure(TimeSpan.FromMilliseconds(1), new DocStore.Benchmarks.Compare.Stats.RoundTotals());
            run.Verify();
        }
    }

    [Theory]
    [InlineData("linq_find_path_city")]
    [InlineData("linq_range_age_1000")]
    [InlineData("linq_project_2_fields")]
    [InlineData("linq_in_10_ids")]
    [InlineData("linq_prefix_email")]
    public void An_engine_dropping_one_linq_result_fails_verification(string workloadName)
    {
        using var temp = new TempDirectory();
        using var engine = new DroppingLinqEngine(EngineCatalog.Open(EngineCatalog.SqliteName, new EngineConfig(temp.Path, CommitDurability.Normal)));
        var workload = WorkloadCatalog.Select([workloadName]).Single();
        using var run = workload.Start(engine, Smoke, seed: 1);

        var error = Assert.Throws<VerificationException>(run.Verify);
        Assert.StartsWith($"Dropping SQLite: {workloadName}(", error.Message, StringComparison.Ordinal);
        Assert.Contains("results", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_linq_row_leaves_out_an_engine_without_linq_queries_and_still_runs_the_others()
    {
        using var temp = new TempDirectory();
        var json = Path.Combine(temp.Path, "linq.json");
        var log = new StringWriter();

        var exit = CompareCommand.Run(["--smoke", "--engines", "docstore,docstore-sql", "--workloads", "linq_find_path_city", "--json", json, "--dir", Path.Combine(temp.Path, "data")], log);

        Assert.True(exit == 0, log.ToString());
        Assert.Contains("DocStore SQL left out", log.ToString(), StringComparison.Ordinal);
        using var document = System.Text.Json.JsonDocument.Parse(File.ReadAllText(json));
        var engines = document.RootElement.GetProperty("records").EnumerateArray().Select(r => r.GetProperty("engine").GetString()).ToList();
        Assert.Equal(["DocStore"], engines);
    }

    /// <summary>A real engine whose LINQ answers each lose their last row (the email find is left alone).</summary>
    private sealed class DroppingLinqEngine(IDocumentEngine inner) : IDocumentEngine, ILinqEngine
    {
        private readonly ILinqEngine _linq = (ILinqEngine)inner;

        public string Name => "Dropping " + inner.Name;

        public long FileBytes => inner.FileBytes;

        public Person? LinqFindByEmail(string email) => _linq.LinqFindByEmail(email);

        public void LinqAgeRange(int lowAge, int highAge, List<Person> into) => Drop(into, () => _linq.LinqAgeRange(lowAge, highAge, into));

        public void LinqEmailPrefix(string prefix, List<Person> into) => Drop(into, () => _linq.LinqEmailPrefix(prefix, into));

        public void LinqCity(string city, List<Person> into) => Drop(into, () => _linq.LinqCity(city, into));

        public void LinqTag(string tag, List<Person> into) => Drop(into, () => _linq.LinqTag(tag, into));

        public void LinqScoreBelow(int below, List<Person> into) => Drop(into, () => _linq.LinqScoreBelow(below, into));

        public void LinqNameAgeOfScoreBelow(int below, List<(string Name, int Age)> into) => Drop(into, () => _linq.LinqNameAgeOfScoreBelow(below, into));

        public void LinqIdsIn(long[] ids, List<Person> into) => Drop(into, () => _linq.LinqIdsIn(ids, into));

        public void Insert(IReadOnlyList<Person> people) => inner.Insert(people);

        public void Update(Person person) => inner.Update(person);

        public Person? GetById(long id) => inner.GetById(id);

        public Person? FindByEmail(string email) => inner.FindByEmail(email);

        public int Scan(int limit, Action<Person> visit) => inner.Scan(limit, visit);

        public void FilterByScoreBelow(int below, List<Person> into) => inner.FilterByScoreBelow(below, into);

        public void FindByAgeRange(int lowAge, int highAge, List<Person> into) => inner.FindByAgeRange(lowAge, highAge, into);

        public void FindByCity(string city, List<Person> into) => inner.FindByCity(city, into);

        public void FindByTag(string tag, List<Person> into) => inner.FindByTag(tag, into);

        public IPersonReader CreateReader() => inner.CreateReader();

        public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records) => inner.YcsbInsert(records);

        public bool YcsbRead(string key, YcsbRecord into) => inner.YcsbRead(key, into);

        public void YcsbUpdate(string key, int field, string value) => inner.YcsbUpdate(key, field, value);

        public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => inner.YcsbReadModifyWrite(key, field, value, into);

        public int YcsbScan(string startKey, int count, YcsbRecord into) => inner.YcsbScan(startKey, count, into);

        public void Dispose() => inner.Dispose();

        private static void Drop<TRow>(List<TRow> into, Action query)
        {
            query();
            if (into.Count > 0)
            {
                into.RemoveAt(into.Count - 1);
            }
        }
    }
}
