using System.Globalization;
using DocStore.Bson.Model;
using DocStore.CrashHost.Collections;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// A child process runs collection transactions of thousands of documents under a 16-page spill bound, so
/// each writes dozens of uncommitted batches to the WAL, and is killed at random moments: after reopening,
/// each transaction is there whole or not at all, every acknowledged one is, no rolled-back one is, and the
/// integrity check passes. DOCSTORE_SPILL_KILLS sets the number of kills (default 6).
/// </summary>
public sealed class KilledSpillTests
{
    private static int Kills => int.TryParse(Environment.GetEnvironmentVariable("DOCSTORE_SPILL_KILLS"), out var n) ? n : 6;

    [Fact]
    public void A_kill_during_a_spilling_transaction_leaves_none_or_all_of_it()
    {
        using var dir = new TempDirectory();
        var path = dir.File("spill.db");
        var random = new Random(20261127);
        var acknowledged = new HashSet<int>();
        var rolledBack = new HashSet<int>();
        var begun = new Dictionary<int, int>();
        for (var kill = 0; kill < Kills; kill++)
        {
            using (var host = new CrashHostProcess("spill", path, kill.ToString(CultureInfo.InvariantCulture)))
            {
                Assert.Equal("ready", host.ReadLine(HangGuard.Limit));

                // Killed after a random number of its lines (a transaction prints one per hundred documents),
                // so the kill lands inside a transaction however loaded the machine; the first run goes on
                // until it acknowledged a transaction, so that some acknowledged one is always checked.
                var lines = new List<string>();
                var wanted = random.Next(1, 60);
                while (lines.Count < wanted || (kill == 0 && !lines.Exists(l => l.StartsWith("ack ", StringComparison.Ordinal))))
                {
                    var next = host.ReadLine(HangGuard.Limit);
                    Assert.True(next is not null, $"hung: the spilling writer printed only {lines.Count} lines");
                    lines.Add(next);
                }

                host.Kill();
                foreach (var line in lines.Concat(host.DrainLines()))
                {
                    var parts = line.Split(' ');
                    var id = int.Parse(parts[1], CultureInfo.InvariantCulture);
                    switch (parts[0])
                    {
                        case "begin":
                            begun[id] = int.Parse(parts[2], CultureInfo.InvariantCulture);
                            break;
                        case "ack":
                            acknowledged.Add(id);
                            break;
                        case "rolled":
                            rolledBack.Add(id);
                            break;
                    }
                }
            }

            Verify(path, begun, acknowledged, rolledBack);
        }

        Assert.NotEmpty(acknowledged);
    }

    private static void Verify(string path, Dictionary<int, int> begun, HashSet<int> acknowledged, HashSet<int> rolledBack)
    {
        using var db = DocStoreDatabase.Open(path, SpillWorkload.Options);
        var report = db.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        var documents = db.GetCollection(SpillWorkload.Documents, IndexDefinition.On("Tx"));
        var markers = db.GetCollection(SpillWorkload.Markers);
        var counts = documents.FindAll().GroupBy(d => d["Tx"].AsInt32).ToDictionary(g => g.Key, g => g.Count());
        var marked = markers.FindAll().ToDictionary(d => d["_id"].AsInt32, d => d["Count"].AsInt32);
        foreach (var id in acknowledged)
        {
            Assert.True(marked.ContainsKey(id), $"acknowledged transaction {id} is missing");
        }

        foreach (var id in rolledBack)
        {
            Assert.False(marked.ContainsKey(id) || counts.ContainsKey(id), $"rolled-back transaction {id} is there");
        }

        // Whole or nothing: a transaction's documents are there exactly when its marker is, all of them.
        Assert.Equal(marked.Keys.Order(), counts.Keys.Order());
        foreach (var (id, count) in marked)
        {
            Assert.Equal(begun[id], count);
            Assert.Equal(count, counts[id]);
            Assert.Equal(count, documents.CountBy("Tx", id));
        }
    }
}
