using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A writing process that opened a collection before another process added documents with field names new
/// to it reads those documents inside its own write transaction, before it writes anything: the transaction
/// takes the new names in as a write does.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedWriterCatalogTests
{
    private const int Inserted = 5;

    [SharedOpenFact]
    public void A_write_transaction_reads_field_names_another_process_added_since_it_opened_the_collection()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = TimeSpan.FromMinutes(10) });
        var people = db.GetCollection("people", new BsonCollectionOptions { KeyGeneration = KeyGeneration.Sequence });
        Assert.Equal(0, people.Count());

        // The other process names one field per document that no one has used (f{pid}x{n}).
        using (var other = new CrashHostProcess("sharedpeople", path, Inserted.ToString(System.Globalization.CultureInfo.InvariantCulture)))
        {
            HostLines.WaitFor(other, l => l == "done", "the other process's inserts");
            other.CloseInput();
            HostLines.WaitFor(other, l => l == "closed", "the other process to close");
        }

        using var tx = db.BeginTransaction();
        var first = people.Get(tx, 1);
        Assert.NotNull(first);
        Assert.Equal(1, first[$"f{first["owner"]}x1"].AsInt32);
        var all = people.Scan(tx).ToList();
        Assert.Equal(Inserted, all.Count);
        Assert.All(all, d => Assert.Equal(d["n"], d[$"f{d["owner"]}x{d["n"]}"]));
    }
}
