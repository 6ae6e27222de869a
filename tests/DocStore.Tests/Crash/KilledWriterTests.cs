using System.Text;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// A child process commits with Full durability from two concurrent writers and prints every acknowledged
/// transaction id; it is killed at random moments. After each kill the database must reopen with every
/// acknowledged transaction complete, no transaction partly visible, and a clean integrity check.
/// </summary>
public sealed class KilledWriterTests
{
    private const int Kills = 50;

    [Fact]
    public void Every_acknowledged_commit_survives_a_kill_and_no_transaction_is_partly_visible() => Run(Kills, key: null);

    // Encryption changes where the WAL puts transactions and rewrites whole blocks; kills must still lose nothing.
    [Fact]
    public void Every_acknowledged_commit_of_an_encrypted_database_survives_a_kill() =>
        Run(Kills / 2, Enumerable.Range(0, 32).Select(i => (byte)(i * 13)).ToArray());

    private static void Run(int kills, byte[]? key)
    {
        using var dir = new TempDirectory();
        var path = dir.File("crash.db");
        var random = new Random(20261122);
        var acknowledged = new HashSet<int>();
        var commits = 0;
        for (var kill = 0; kill < kills; kill++)
        {
            var seed = kill.ToString(System.Globalization.CultureInfo.InvariantCulture);
            using (var host = key is null ? new CrashHostProcess("write", path, seed) : new CrashHostProcess("write", path, seed, Convert.ToHexString(key)))
            {
                Assert.Equal("ready", host.ReadLine(HangGuard.Limit));

                // Killed after a random number of acknowledged commits (counted, not timed), so that every
                // kill lands in the middle of writing however loaded the machine.
                var lines = new List<string>();
                for (var wanted = random.Next(1, 40); lines.Count < wanted;)
                {
                    var next = host.ReadLine(HangGuard.Limit);
                    Assert.True(next is not null, $"hung: the writer acknowledged only {lines.Count} commits");
                    lines.Add(next);
                }

                host.Kill();
                var acks = lines.Concat(host.DrainLines()).Where(l => l.StartsWith("ack ", StringComparison.Ordinal)).Select(l => int.Parse(l[4..], System.Globalization.CultureInfo.InvariantCulture)).ToList();
                Assert.NotEmpty(acks);
                acknowledged.UnionWith(acks);
                commits += acks.Count;
            }

            Verify(path, acknowledged, key);
        }

        Assert.Equal(commits, acknowledged.Count);
    }

    private static void Verify(string path, HashSet<int> acknowledged, byte[]? encryptionKey)
    {
        using var engine = StorageEngine.Open(path, new StorageOptions { PageSize = 1024, EncryptionKey = encryptionKey });
        var report = engine.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("crash");
        if (tree is null)
        {
            Assert.Empty(acknowledged);
            return;
        }

        var markers = new Dictionary<int, int>();
        var keysPerTransaction = new Dictionary<int, int>();
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            var key = Encoding.ASCII.GetString(cursor.Key);
            var id = int.Parse(key.AsSpan(1, 8), System.Globalization.CultureInfo.InvariantCulture);
            if (key[0] == 'c')
            {
                markers[id] = BitConverter.ToInt32(cursor.Value.Span);
            }
            else
            {
                keysPerTransaction[id] = keysPerTransaction.GetValueOrDefault(id) + 1;
            }
        }

        foreach (var id in acknowledged)
        {
            Assert.True(markers.ContainsKey(id), $"acknowledged transaction {id} is missing");
        }

        foreach (var (id, count) in markers)
        {
            Assert.Equal(count, keysPerTransaction.GetValueOrDefault(id));
        }

        foreach (var id in keysPerTransaction.Keys)
        {
            Assert.True(markers.ContainsKey(id), $"transaction {id} is partly visible (keys without its marker)");
        }
    }
}
