using DocStore.Bson.Model;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// A writer for the change feed tests: inserts documents with keys 1, 2, 3, ... into collection "events",
/// one transaction each, with the change log on, printing "ack k" once insert k is acknowledged.
/// </summary>
internal static class ChangeFeedWorkload
{
    /// <summary>
    /// Inserts <paramref name="count"/> documents (0: until killed), then prints "done" and stays open until
    /// stdin closes. <paramref name="shared"/> opens the file for other processes too.
    /// </summary>
    public static int Write(string path, int count, bool shared)
    {
        var options = new DocStoreOptions
        {
            ChangeRetention = new ChangeRetention { MaxChanges = null },
            Sharing = shared ? DocStoreSharing.Shared : DocStoreSharing.Exclusive,
            BusyTimeout = TimeSpan.FromMinutes(10),
        };
        using var db = DocStoreDatabase.Open(path, options);
        var events = db.GetCollection("events");
        Console.WriteLine("ready");
        Console.Out.Flush();
        for (var k = 1; count == 0 || k <= count; k++)
        {
            events.Insert(new BsonDocument { { "_id", k }, { "pid", Environment.ProcessId } });
            Console.WriteLine($"ack {k}");
            Console.Out.Flush();
        }

        Console.WriteLine("done");
        Console.Out.Flush();
        Console.In.ReadToEnd();
        return 0;
    }
}
