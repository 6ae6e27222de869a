using System.Globalization;
using DocStore.Bson.Model;
using DocStore.Metadata;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// Several processes inserting into one collection of a database opened with
/// <see cref="DocStoreSharing.Shared"/>, through the public API: every document gets a generated sequence
/// key and a field name no other document has, so a key or field id handed out twice shows as a lost or
/// unreadable document.
/// </summary>
internal static class SharedPeopleWorkload
{
    /// <summary>
    /// Inserts <paramref name="count"/> documents, one transaction each, printing "done"; then at each stdin line
    /// prints "people p readable r" (documents, and documents whose own field reads back), and closes at
    /// stdin's end ("closed").
    /// </summary>
    public static int Insert(string path, int count)
    {
        var db = DocStoreDatabase.Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared, BusyTimeout = TimeSpan.FromMinutes(10), PageSize = 1024, JournalSizeLimit = 64 * 1024, AutoCheckpointFrames = 16 });
        var people = db.GetCollection("people", new BsonCollectionOptions { KeyGeneration = KeyGeneration.Sequence });
        var pid = Environment.ProcessId;
        for (var i = 1; i <= count; i++)
        {
            people.Insert(new BsonDocument { { "owner", pid }, { "n", i }, { $"f{pid}x{i}", i } });
        }

        Console.WriteLine("done");
        Console.Out.Flush();
        while (Console.ReadLine() is not null)
        {
            Console.WriteLine(Look(people));
            Console.Out.Flush();
        }

        db.Dispose();
        Console.WriteLine("closed");
        return 0;
    }

    /// <summary>"people p readable r": the documents, and those whose field of their own reads back.</summary>
    public static string Look(BsonCollection people)
    {
        long all = 0, readable = 0;
        foreach (var document in people.FindAll())
        {
            all++;
            var owner = document["owner"].ToString();
            var n = document["n"].ToString();
            if (document.TryGetValue($"f{owner}x{n}", out var value) && value.ToString() == n)
            {
                readable++;
            }
        }

        return string.Create(CultureInfo.InvariantCulture, $"people {all} readable {readable}");
    }
}
