using System.Globalization;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// The collection workload (tests/DocStore.CrashHost/Collections): two writers insert, update, upsert
/// and delete typed documents with unique, non-unique, path, multikey and composite indexes, in
/// auto-commit and explicit transactions (some rolled back), and the process is killed after a seeded
/// random number of log lines. After each kill the database must reopen with a clean integrity check
/// (engine and every index entry against its document), hold every acknowledged commit and no part of
/// a transaction that did not commit whole, and answer every index query as a model rebuilt from the
/// log does.
/// </summary>
public sealed class KilledCollectionWriterTests
{
    private const int Kills = 16;

    [Fact]
    public void Acknowledged_collection_commits_survive_kills_with_every_index_matching_its_documents()
    {
        using var dir = new TempDirectory();
        var path = dir.File("collections.db");
        var random = new Random(20261123);
        var state = new Dictionary<int, int>();
        for (var kill = 0; kill < Kills; kill++)
        {
            var lines = new List<string>();
            using (var host = new CrashHostProcess("collections", path, kill.ToString(CultureInfo.InvariantCulture)))
            {
                Assert.Equal("ready", host.ReadLine(HangGuard.Limit));

                // Kill once the writers have printed a random number of lines: they keep writing while
                // the kill is on its way, so it lands inside some operation or commit.
                for (var wanted = random.Next(4, 160); lines.Count < wanted;)
                {
                    var line = host.ReadLine(HangGuard.Limit);
                    Assert.True(line is not null, "The workload stopped writing: " + string.Join(Environment.NewLine, lines));
                    lines.Add(line);
                }

                host.Kill();
                lines.AddRange(host.DrainLines());
            }

            var logs = CrashLog.Parse(lines);
            Assert.True(logs.Values.Sum(log => log.Acknowledged.Count) > 0, "No commit was acknowledged before the kill.");
            state = Verify(path, state, logs);
        }

        Assert.NotEmpty(state);
    }

    /// <summary>Checks the reopened file against the state before the run plus the run's log, and returns the state the file holds.</summary>
    internal static Dictionary<int, int> Verify(string path, Dictionary<int, int> before, Dictionary<int, CrashLog.WriterLog> logs)
    {
        using var db = CrashDb.Open(path, CollectionWorkload.Options);
        var report = db.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());

        var stored = db.CrashItems.FindAll().ToList();
        foreach (var item in stored)
        {
            AssertSameDocument(CrashItems.Create(item.Id, item.Version), item);
        }

        var found = stored.ToDictionary(item => item.Id, item => item.Version);
        var after = new Dictionary<int, int>();
        for (var w = 0; w < CollectionWorkload.Writers; w++)
        {
            var committed = Owned(before, w);
            var log = logs.GetValueOrDefault(w);
            foreach (var effects in log?.Acknowledged ?? [])
            {
                Apply(committed, effects);
            }

            var actual = Owned(found, w);
            if (!Same(committed, actual))
            {
                Assert.True(log?.Pending is not null, $"Writer {w}: the file differs from its acknowledged commits ({Difference(committed, actual)}) and no transaction of it was in flight.");
                var withPending = new Dictionary<int, int>(committed);
                Apply(withPending, log.Pending.Value.Effects);
                Assert.True(Same(withPending, actual), $"Writer {w}: the file holds neither its acknowledged commits ({Difference(committed, actual)}) nor those and transaction {log.Pending.Value.Tx} ({Difference(withPending, actual)}).");
            }

            foreach (var (id, version) in actual)
            {
                after[id] = version;
            }
        }

        AssertQueries(db, after);
        return after;
    }

    /// <summary>Every generated query over every index answers as LINQ over the model does.</summary>
    private static void AssertQueries(CrashDb db, Dictionary<int, int> model)
    {
        var items = db.CrashItems;
        var documents = model.OrderBy(pair => pair.Key).Select(pair => CrashItems.Create(pair.Key, pair.Value)).ToList();
        Assert.Equal(documents.Count, items.Count());
        foreach (var document in documents)
        {
            Assert.Equal(document.Id, items.FindByCode(document.Code)?.Id);
        }

        // The codes a key held at other versions must be gone from the unique index.
        foreach (var (id, version) in model)
        {
            Assert.Null(items.FindByCode(CrashItems.Create(id, version + 1).Code));
        }

        for (var group = 0; group < CrashItems.Groups; group++)
        {
            var expected = documents.Where(d => d.Group == group).Select(d => d.Id).ToList();
            Assert.Equal(expected, items.FindByGroup(group).Select(d => d.Id));
            Assert.Equal(expected.Count, items.CountByGroup(group));
        }

        foreach (var city in CrashItems.Cities)
        {
            Assert.Equal(documents.Where(d => d.Place.City == city).Select(d => d.Id), items.FindByPlaceCity(city).Select(d => d.Id));
        }

        foreach (var tag in CrashItems.TagWords)
        {
            var expected = documents.Where(d => d.Tags.Contains(tag)).Select(d => d.Id).ToList();
            Assert.Equal(expected, items.FindByTags(tag).Select(d => d.Id));
            Assert.Equal(expected.Count, items.CountByTags(tag));
        }

        foreach (var last in CrashItems.Names)
        {
            foreach (var first in CrashItems.Names)
            {
                Assert.Equal(documents.Where(d => d.Last == last && d.First == first).Select(d => d.Id), items.FindByLastFirst(last, first).Select(d => d.Id));
            }
        }
    }

    internal static void AssertSameDocument(CrashItem expected, CrashItem actual)
    {
        Assert.Equal(expected.Code, actual.Code);
        Assert.Equal(expected.Group, actual.Group);
        Assert.Equal(expected.Last, actual.Last);
        Assert.Equal(expected.First, actual.First);
        Assert.Equal(expected.Place.City, actual.Place.City);
        Assert.Equal(expected.Tags, actual.Tags);
        Assert.Equal(expected.Payload, actual.Payload);
    }

    internal static Dictionary<int, int> Owned(Dictionary<int, int> state, int writer) =>
        state.Where(pair => CollectionWorkload.WriterOf(pair.Key) == writer).ToDictionary();

    internal static void Apply(Dictionary<int, int> state, IEnumerable<CrashLog.Effect> effects)
    {
        foreach (var effect in effects)
        {
            effect.ApplyTo(state);
        }
    }

    internal static bool Same(Dictionary<int, int> expected, Dictionary<int, int> actual) =>
        expected.Count == actual.Count && expected.All(pair => actual.TryGetValue(pair.Key, out var version) && version == pair.Value);

    internal static string Difference(Dictionary<int, int> expected, Dictionary<int, int> actual)
    {
        var missing = expected.Where(pair => !actual.ContainsKey(pair.Key)).Select(pair => $"{pair.Key}.{pair.Value} missing");
        var extra = actual.Where(pair => !expected.ContainsKey(pair.Key)).Select(pair => $"{pair.Key}.{pair.Value} unexpected");
        var changed = expected.Where(pair => actual.TryGetValue(pair.Key, out var v) && v != pair.Value).Select(pair => $"{pair.Key} at {actual[pair.Key]} not {pair.Value}");
        return string.Join(", ", missing.Concat(extra).Concat(changed).Take(12));
    }
}
