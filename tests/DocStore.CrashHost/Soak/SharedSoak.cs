using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.CrashHost.Soak;

/// <summary>
/// The multi-process soak's database (docs/storage.md, "Multi-process soak"): two collections that every
/// transaction changes together. <c>accounts</c> holds <see cref="Accounts"/> balances and a meta document
/// (key 0) counting the commits; each transaction moves money between two accounts, writes its batch id
/// into both as <c>last</c>, and inserts two or more <c>entries</c> carrying the batch id, the batch's size,
/// its commit number (<c>seq</c>) and the amount booked to each account. So one snapshot must show balances
/// that sum to <see cref="Total"/> and equal the opening balance plus their entries, every batch whole, as
/// many batches as commits, and each account's last batch its newest entry's.
/// </summary>
public static class SharedSoak
{
    /// <summary>Accounts 1..Accounts; key 0 is the meta document.</summary>
    public const int Accounts = 20;

    /// <summary>Each account's opening balance.</summary>
    public const long Opening = 1000;

    /// <summary>The sum every snapshot's balances must have.</summary>
    public const long Total = Accounts * Opening;

    /// <summary>
    /// What a reader checks, as one statement, so one snapshot answers every part of it (SQL runs each
    /// statement on its own snapshot): the total, the commit counter, the batches and entries, the torn
    /// batches, the distinct unique codes and the accounts whose balance or last batch disagree with their entries.
    /// </summary>
    public const string CheckSql = """
        SELECT
          (SELECT SUM(balance) FROM accounts WHERE _id > 0) AS total,
          (SELECT commits FROM accounts WHERE _id = 0) AS commits,
          (SELECT COUNT(DISTINCT batch) FROM entries) AS batches,
          (SELECT MAX(seq) FROM entries) AS top,
          (SELECT COUNT(*) FROM entries) AS entries,
          (SELECT COUNT(DISTINCT code) FROM entries) AS codes,
          (SELECT COUNT(*) FROM (SELECT batch, COUNT(*) AS c, MIN(n) AS lo, MAX(n) AS hi FROM entries GROUP BY batch) WHERE c <> lo OR c <> hi) AS torn,
          (SELECT COUNT(*) FROM accounts a WHERE a._id > 0 AND a.balance <> 1000 + (SELECT TOTAL(e.amount) FROM entries e WHERE e.account = a._id)) AS unbalanced,
          (SELECT COUNT(*) FROM accounts a WHERE a._id > 0 AND a.last IS NOT (SELECT e.batch FROM entries e WHERE e.account = a._id ORDER BY e.seq DESC LIMIT 1)) AS stale
        """;

    /// <summary>
    /// Small pages, a 256 KiB journal bound and a checkpoint every 64 frames, so checkpoints and WAL restarts
    /// happen all the time. <see cref="Durability.Normal"/>: a killed process loses nothing the operating
    /// system was given, and an fsync per commit would make the soak wait on the disk rather than on the protocol.
    /// </summary>
    public static DocStoreOptions WriterOptions { get; } = new()
    {
        Sharing = DocStoreSharing.Shared,
        Durability = Durability.Normal,
        PageSize = 1024,
        JournalSizeLimit = 256 * 1024,
        AutoCheckpointFrames = 64,
        BusyTimeout = TimeSpan.FromMinutes(10),
    };

    /// <summary>A read-only shared open with a small cache, so snapshots read pages again from the WAL and the file.</summary>
    public static DocStoreOptions ReaderOptions { get; } = new() { Sharing = DocStoreSharing.Shared, ReadOnly = true, CacheSizePages = 32 };

    /// <summary>Creates the collections, their indexes, the accounts and the meta document (an exclusive open, before any process starts).</summary>
    public static void Seed(string path)
    {
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { PageSize = 1024 });
        var accounts = db.GetCollection("accounts", IndexDefinition.On("last"), IndexDefinition.On("tier"));
        var entries = db.GetCollection("entries", IndexDefinition.On("batch"), IndexDefinition.UniqueOn("code"), IndexDefinition.On("account"));
        using var tx = db.BeginTransaction();
        accounts.Insert(tx, new BsonDocument { { "_id", 0L }, { "commits", 0L } });
        for (var a = 1L; a <= Accounts; a++)
        {
            accounts.Insert(tx, new BsonDocument { { "_id", a }, { "balance", Opening }, { "tier", a % 3 }, { "last", BsonNull.Value } });
        }

        // The entries' field names go into the catalog now: a reader's statement naming them before the first
        // batch would otherwise be refused as naming unknown fields.
        string[] names = ["batch", "n", "seq", "code", "account", "amount", "pad"];
        var template = new BsonDocument { { "_id", "template" } };
        foreach (var name in names)
        {
            template[name] = 0L;
        }

        entries.Insert(tx, template);
        entries.Delete(tx, "template");

        tx.Commit();
    }

    /// <summary>The snapshot's commit counter and the first invariant it breaks (null: none).</summary>
    public static (long Commits, string? Problem) Check(DocStoreContext db)
    {
        var row = db.Sql.Query(CheckSql).Single();
        long Get(string name) => row[name].IsNull ? 0 : (long)row[name].ToDouble();
        var commits = Get("commits");
        var figures = string.Join(' ', row.Select(field => $"{field.Name}={field.Value}"));
        string? problem = Get("total") != Total ? "the balances do not sum to " + Total.ToString(CultureInfo.InvariantCulture)
            : Get("batches") != commits || Get("top") != commits ? "the batches are not one per commit"
            : Get("codes") != Get("entries") ? "a unique code is held twice"
            : Get("torn") != 0 ? "a batch is only partly there"
            : Get("unbalanced") != 0 ? "an account's balance is not its opening plus its entries"
            : Get("stale") != 0 ? "an account's last batch is not its newest entry's"
            : null;
        return (commits, problem is null ? null : $"{problem} ({figures})");
    }
}
