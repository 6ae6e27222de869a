using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A reader process that opened a collection before the writer (this process) added documents with field
/// names new to it reads those documents with their names: its field dictionary follows the catalog.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedReaderCatalogTests
{
    [SharedOpenFact]
    public void A_reader_process_reads_field_names_the_writer_added_after_it_opened_the_collection()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared });
        var people = db.GetCollection("people");
        people.Insert(new BsonDocument { { "_id", 0 }, { "f0", 0 } });

        using var reader = new CrashHostProcess("sharedfields", path);
        HostLines.WaitFor(reader, l => l == "ready", "the reader to open the collection");
        for (var k = 1; k <= 5; k++)
        {
            people.Insert(new BsonDocument { { "_id", k }, { $"f{k}", k * 10 } });
            reader.Send(k.ToString(System.Globalization.CultureInfo.InvariantCulture));
            Assert.Equal($"value {k * 10}", HostLines.WaitFor(reader, l => l.StartsWith("value", StringComparison.Ordinal) || l == "missing", $"document {k}"));
        }
    }
}
