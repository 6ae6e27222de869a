using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Workloads;
using DocStore.Tests.Support;

namespace DocStore.Tests.Benchmarks;

/// <summary>The harness must catch an engine that returns wrong or fewer results, not just time it.</summary>
public sealed class VerificationTests
{
    private static readonly Scale Smoke = Scale.For(RunMode.Smoke);

    [Fact]
    public void An_engine_returning_a_changed_document_fails_the_get_workload()
    {
        using var temp = new TempDirectory();
        using var engine = new FaultyEngine(EngineCatalog.Open(EngineCatalog.DocStoreName, new EngineConfig(temp.Path, CommitDurability.Normal)), changeScores: true);
        using var run = new GetWorkload("get_warm", cold: false).Start(engine, Smoke, seed: 1);

        var error = Assert.Throws<VerificationException>(run.Verify);
        Assert.StartsWith("Faulty DocStore: get_warm", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void An_engine_dropping_a_multikey_match_fails_the_tag_workload()
    {
        using var temp = new TempDirectory();
        using var engine = new FaultyEngine(EngineCatalog.Open(EngineCatalog.SqliteName, new EngineConfig(temp.Path, CommitDurability.Normal)), changeScores: false);
        using var run = new QueryWorkload("find_multikey_tag", QueryKind.Tag).Start(engine, Smoke, seed: 1);

        var error = Assert.Throws<VerificationException>(run.Verify);
        Assert.Contains("results", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Every_engine_passes_the_same_verification_unchanged()
    {
        using var temp = new TempDirectory();
        foreach (var name in EngineCatalog.Names)
        {
            var directory = Path.Combine(temp.Path, name);
            Directory.CreateDirectory(directory);
            using var engine = EngineCatalog.Open(name, new EngineConfig(directory, CommitDurability.Normal));
            using var run = new QueryWorkload("find_multikey_tag", QueryKind.Tag).Start(engine, Smoke, seed: 1);
            run.Verify();
        }
    }

    /// <summary>Wraps a real engine and breaks one answer: point reads with a changed score, or tag queries missing their last match.</summary>
    private sealed class FaultyEngine(IDocumentEngine inner, bool changeScores) : IDocumentEngine
    {
        public string Name => "Faulty " + inner.Name;

        public long FileBytes => inner.FileBytes;

        public void Insert(IReadOnlyList<Person> people) => inner.Insert(people);

        public void Update(Person person) => inner.Update(person);

        public Person? GetById(long id)
        {
            var person = inner.GetById(id);
            if (changeScores && person is not null)
            {
                person.Score++;
            }

            return person;
        }

        public Person? FindByEmail(string email) => inner.FindByEmail(email);

        public int Scan(int limit, Action<Person> visit) => inner.Scan(limit, visit);

        public void FilterByScoreBelow(int below, List<Person> into) => inner.FilterByScoreBelow(below, into);

        public void FindByAgeRange(int lowAge, int highAge, List<Person> into) => inner.FindByAgeRange(lowAge, highAge, into);

        public void FindByCity(string city, List<Person> into) => inner.FindByCity(city, into);

        public void FindByTag(string tag, List<Person> into)
        {
            inner.FindByTag(tag, into);
            if (!changeScores && into.Count > 0)
            {
                into.RemoveAt(into.Count - 1);
            }
        }

        public IPersonReader CreateReader() => inner.CreateReader();

        public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records) => inner.YcsbInsert(records);

        public bool YcsbRead(string key, YcsbRecord into) => inner.YcsbRead(key, into);

        public void YcsbUpdate(string key, int field, string value) => inner.YcsbUpdate(key, field, value);

        public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => inner.YcsbReadModifyWrite(key, field, value, into);

        public int YcsbScan(string startKey, int count, YcsbRecord into) => inner.YcsbScan(startKey, count, into);

        public void Dispose() => inner.Dispose();
    }
}
