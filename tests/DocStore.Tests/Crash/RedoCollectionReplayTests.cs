using System.Globalization;
using DocStore.BTree;
using DocStore.CrashHost.Collections;
using DocStore.Engine;
using DocStore.Tests.Support;

namespace DocStore.Tests.Crash;

/// <summary>
/// The redo records of a typed collection's writes (a document, its index entries, new field names) rebuild
/// exactly the trees the writes made, when every WAL frame since the last checkpoint is lost.
/// </summary>
public sealed class RedoCollectionReplayTests
{
    [Fact]
    public void Replaying_a_collections_redo_records_on_the_last_checkpoint_gives_the_same_trees()
    {
        using var temp = new TempDirectory();
        var path = temp.File("items.db");
        var figures = new Dictionary<string, long>();
        using (var host = new CrashHostProcess("redo", path))
        {
            for (var line = host.ReadLine(HangGuard.Limit); line != "done"; line = host.ReadLine(HangGuard.Limit))
            {
                Assert.True(line is not null, "The redo workload stopped before it was done.");
                var parts = line.Split(' ');
                figures[parts[0]] = long.Parse(parts[1], CultureInfo.InvariantCulture);
            }

            // Killed with the database open: its files are what a crash leaves.
            host.Kill();
        }

        Assert.True(figures["records"] >= 57, $"{figures["records"]} redo records");

        // Each single insert but the first (whose new field names the commit adds), update and delete started its
        // record before changing the trees, and changed exactly what it announced.
        Assert.Equal(39 + 11 + 6, figures["early-starts"]);
        Assert.Equal(0, figures["rewrites"]);

        // What a power cut could leave: the database file of the checkpoint, the WAL's header without a single
        // frame, and the redo log.
        var cut = temp.File("cut.db");
        File.Copy(path, cut);
        File.WriteAllBytes(cut + "-wal", File.ReadAllBytes(path + "-wal")[..32]);
        File.Copy(path + "-redo", cut + "-redo");

        using var committed = StorageEngine.Open(path, RedoWorkload.Options.Storage);
        using var recovered = CrashDb.Open(cut, RedoWorkload.Options);
        Assert.Equal(Dump(committed), Dump(recovered.Engine));
        var report = recovered.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        Assert.Equal(
            RedoWorkload.Expected.OrderBy(pair => pair.Key),
            recovered.CrashItems.FindAll().Select(item => KeyValuePair.Create(item.Id, item.Version)).OrderBy(pair => pair.Key));
    }

    // Every tree's entries, the catalog's included, as text that an assertion can compare and print.
    private static List<string> Dump(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var lines = new List<string>();
        AddEntries(lines, TreeDirectory.CatalogTreeName, tx.CatalogTree());
        foreach (var name in tx.GetTreeNames())
        {
            if (tx.OpenTree(name) is { } tree)
            {
                AddEntries(lines, name, tree);
            }
        }

        return lines;
    }

    private static void AddEntries(List<string> lines, string name, Tree tree)
    {
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            lines.Add($"{name} {Convert.ToHexString(cursor.Key)} {Convert.ToHexString(cursor.Value.Span)}");
        }
    }
}
