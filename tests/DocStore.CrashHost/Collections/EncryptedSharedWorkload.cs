using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// An encrypted database opened <see cref="DocStoreSharing.Shared"/> from several processes, through the
/// public API: a writer inserting documents into "notes" and a reader checking each one it sees.
/// </summary>
internal static class EncryptedSharedWorkload
{
    /// <summary>The value document <paramref name="k"/> holds.</summary>
    public static string Value(long k) => $"secret-{k:D6}-" + new string((char)('a' + (k % 26)), 40);

    /// <summary>
    /// Opens the database shared under <paramref name="key"/> (hex), inserts documents 1..<paramref name="count"/>
    /// one transaction each, printing "ack k" after each, then "done", and stays open until stdin closes.
    /// </summary>
    public static int Write(string path, string key, int count)
    {
        using var db = Open(path, key, readOnly: false);
        if (db is null)
        {
            return 3;
        }

        var notes = db.GetCollection("notes");
        Console.WriteLine("ready");
        Console.Out.Flush();
        for (var k = 1; k <= count; k++)
        {
            notes.Insert(new BsonDocument { { "_id", k }, { "v", Value(k) } });
            Console.WriteLine($"ack {k}");
            Console.Out.Flush();
        }

        Console.WriteLine("done");
        Console.Out.Flush();
        Console.In.ReadToEnd();
        return 0;
    }

    /// <summary>
    /// Opens the database shared and read-only under <paramref name="key"/> (hex), waits until "notes" holds
    /// <paramref name="count"/> documents, checks every one, and prints "seen n" (or "bad ..." for a wrong
    /// value). A key the database refuses prints "refused" with the error code and message.
    /// </summary>
    public static int Read(string path, string key, int count)
    {
        using var db = Open(path, key, readOnly: true);
        if (db is null)
        {
            return 3;
        }

        var notes = db.GetCollection("notes");
        Console.WriteLine("ready");
        Console.Out.Flush();

        // The writer is still inserting; the test's hang guard ends a wait that never finishes.
        while (notes.Count() < count)
        {
            Thread.Sleep(5);
        }

        for (var k = 1; k <= count; k++)
        {
            var value = notes.Get(k)?["v"].AsString;
            if (value != Value(k))
            {
                Console.WriteLine($"bad document {k}: {value ?? "missing"}");
                Console.Out.Flush();
                return 1;
            }
        }

        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"seen {count}"));
        Console.Out.Flush();
        return 0;
    }

    private static DocStoreDatabase? Open(string path, string key, bool readOnly)
    {
        try
        {
            return DocStoreDatabase.Open(path, new DocStoreOptions
            {
                EncryptionKey = Convert.FromHexString(key),
                Sharing = DocStoreSharing.Shared,
                ReadOnly = readOnly,
                BusyTimeout = TimeSpan.FromMinutes(10),
            });
        }
        catch (EncryptionKeyException e)
        {
            Console.WriteLine($"refused {e.ErrorCode}: {e.Message}");
            Console.Out.Flush();
            return null;
        }
    }
}
