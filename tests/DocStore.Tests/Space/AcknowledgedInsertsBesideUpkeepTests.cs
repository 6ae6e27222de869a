using DocStore.Storage;
using DocStore.Tests.Support;

namespace DocStore.Tests.Space;

/// <summary>
/// Writers commit small inserts flat out while another thread compacts in place, writes dense copies or
/// backs up, over and over: every insert acknowledged before an upkeep call started is in the database
/// after an in-place compaction and in the copy, and every acknowledged insert is readable at the end, at
/// every durability. Pacing is by acknowledgement counts, so each call lands among commits in flight.
/// </summary>
public sealed class AcknowledgedInsertsBesideUpkeepTests
{
    private const int Writers = 3;

    // Upkeep calls per case, and acknowledged inserts between two of them.
    private const int Rounds = 40;
    private const int Step = 6;

    /// <summary>The upkeep a case runs beside the writers.</summary>
    public enum Upkeep
    {
        /// <summary><see cref="DocStoreContext.Compact()"/>.</summary>
        Compact,

        /// <summary><see cref="DocStoreContext.Compact(string)"/>.</summary>
        CompactTo,

        /// <summary><see cref="DocStoreContext.Backup"/>.</summary>
        Backup,
    }

    /// <summary>Every upkeep at every durability.</summary>
    public static TheoryData<Durability, Upkeep> Cases()
    {
        var data = new TheoryData<Durability, Upkeep>();
        foreach (var durability in Enum.GetValues<Durability>())
        {
            foreach (var upkeep in Enum.GetValues<Upkeep>())
            {
                data.Add(durability, upkeep);
            }
        }

        return data;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public void Every_insert_acknowledged_before_an_upkeep_call_is_in_its_result(Durability durability, Upkeep upkeep)
    {
        using var dir = new TempDirectory();
        var options = new DocStoreOptions { PageSize = 1024, Durability = durability, WriteLockTimeout = HangGuard.Limit };
        using var db = DocStoreDatabase.Open(dir.File("busy.db"), options);
        var items = db.GetCollection("items");
        using var writers = new AcknowledgingWriters(items, Writers);
        var copy = dir.File("copy.db");
        // Each lost key once, with where it was first missed.
        var lost = new SortedDictionary<long, string>();
        void Lost(IEnumerable<long> keys, string where)
        {
            foreach (var key in keys)
            {
                lost.TryAdd(key, where);
            }
        }

        for (var round = 1; round <= Rounds; round++)
        {
            writers.WaitForMore(Step);
            var before = writers.Acknowledged();
            switch (upkeep)
            {
                case Upkeep.Compact:
                    db.Compact();
                    Lost(AcknowledgingWriters.Missing(items, before), $"after compaction {round}");
                    break;
                case Upkeep.CompactTo:
                    db.Compact(copy);
                    Lost(MissingFromCopy(copy, before), $"from dense copy {round}");
                    break;
                default:
                    db.Backup(copy, overwrite: true);
                    Lost(MissingFromCopy(copy, before), $"from backup {round}");
                    break;
            }
        }

        var acknowledged = writers.Stop();
        Lost(AcknowledgingWriters.Missing(items, acknowledged), "at the end");
        Assert.True(lost.Count == 0, $"{lost.Count} of {acknowledged.Sum()} acknowledged inserts missing ({durability}, {upkeep}): {string.Join(", ", lost.Take(12).Select(pair => $"{pair.Key} {pair.Value}"))}");
        Assert.True(db.CheckIntegrity().IsValid, db.CheckIntegrity().ToString());
    }

    // Opens the copy read-only (leaving no log beside it for the next copy to trip on), checks it and lists what it lacks.
    private static List<long> MissingFromCopy(string path, long[] acknowledged)
    {
        using var copy = DocStoreDatabase.Open(path, new DocStoreOptions { PageSize = 1024, ReadOnly = true });
        var report = copy.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        return AcknowledgingWriters.Missing(copy.GetCollection("items"), acknowledged);
    }
}
