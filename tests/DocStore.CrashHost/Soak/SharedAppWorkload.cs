using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.CrashHost.Soak;

/// <summary>
/// An application process for the tool's tests: it opens a database shared and inserts into <c>things</c>
/// continuously (keys from the first one given, printing <c>ack id</c> after each commit), while on stdin
/// <c>hold</c> stops the inserts and begins a write transaction that adds one to <c>tally</c>'s counter and prints <c>holding</c>,
/// <c>commit</c> commits it (<c>committed</c>), and the end of stdin stops the writes and closes (<c>closed</c>).
/// </summary>
internal static class SharedAppWorkload
{
    public static int Run(string path, long firstId)
    {
        var db = DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared, AutoCheckpointFrames = 16, BusyTimeout = TimeSpan.FromMinutes(10) });
        var things = db.GetCollection("things");
        var tally = db.GetCollection("tally");
        var stop = 0;
        var writer = Task.Run(() =>
        {
            for (var id = firstId; Volatile.Read(ref stop) == 0; id++)
            {
                things.Insert(new BsonDocument { { "_id", id }, { "pad", new string('y', 200) } });
                SoakWriter.Say(string.Create(CultureInfo.InvariantCulture, $"ack {id}"));
            }
        });
        SoakWriter.Say(string.Create(CultureInfo.InvariantCulture, $"ready {Environment.ProcessId}"));
        DocStoreTransaction? held = null;
        while (Console.ReadLine() is { } line)
        {
            if (line == "hold")
            {
                // The inserts stop first: the held transaction is then the only write the tool waits for.
                Volatile.Write(ref stop, 1);
                writer.GetAwaiter().GetResult();
                held = db.BeginTransaction();
                var counter = tally.Get(held, 1L);
                tally.Upsert(held, new BsonDocument { { "_id", 1L }, { "n", (counter?["n"].AsInt64 ?? 0) + 1 } });
                SoakWriter.Say("holding");
            }
            else if (line == "commit" && held is not null)
            {
                held.Commit();
                held.Dispose();
                held = null;
                SoakWriter.Say("committed");
            }
        }

        Volatile.Write(ref stop, 1);
        writer.GetAwaiter().GetResult();
        db.Dispose();
        SoakWriter.Say("closed");
        return 0;
    }
}
