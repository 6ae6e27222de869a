using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Transactions;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// Processes on one database opened with <see cref="DocStoreSharing.Shared"/>: a writer and readers that
/// check what they see. Each commit inserts the next key <c>t{id}</c>, its marker <c>c{id}</c> and moves
/// money between two of 16 accounts, so a reader that saw half a commit (or pages of two snapshots) finds
/// a gap, a marker without its key, or a wrong total.
/// </summary>
internal static class SharedWorkload
{
    public const int Accounts = 16;
    public const long Total = Accounts * 1000L;

    /// <summary>A small journal bound and checkpoint threshold, so checkpoints and WAL restarts happen all the time.</summary>
    public static StorageOptions WriterOptions { get; } = new()
    {
        PageSize = 1024,
        Sharing = DocStoreSharing.Shared,
        AutoCheckpointFrames = 16,
        JournalSizeLimit = 64 * 1024,
    };

    // A tiny cache: a snapshot read again reads its pages again, from the WAL and the file the writer changes.
    public static StorageOptions ReaderOptions { get; } = new() { ReadOnly = true, Sharing = DocStoreSharing.Shared, CacheSizePages = 16 };

    /// <summary>
    /// Commits until stdin closes (then closes the engine and prints "closed"), printing "ack id" after each
    /// commit and, every 25 commits, "ckpt True|False" for an explicit checkpoint (True: it emptied the WAL).
    /// </summary>
    public static int Write(string path)
    {
        var engine = StorageEngine.Open(path, WriterOptions);
        var stop = 0;
        _ = Task.Run(() =>
        {
            Console.In.ReadToEnd();
            Volatile.Write(ref stop, 1);
        });
        Console.WriteLine("ready");
        Console.Out.Flush();
        var random = new Random(Environment.ProcessId);
        while (Volatile.Read(ref stop) == 0)
        {
            long id;
            using (var tx = engine.BeginWrite())
            {
                var tree = tx.OpenOrCreateTree("shared");
                id = LastId(tree) + 1;
                if (id == 1)
                {
                    for (var a = 0; a < Accounts; a++)
                    {
                        tree.Put(Account(a), Money(Total / Accounts));
                    }
                }

                var value = new byte[random.Next(50, 300)];
                random.NextBytes(value);
                tree.Put(Key('t', id), value);
                var from = random.Next(Accounts);
                var to = random.Next(Accounts);
                var amount = random.Next(1, 50);
                tree.Put(Account(from), Money(Balance(tree, from) - amount));
                tree.Put(Account(to), Money(Balance(tree, to) + amount));
                tree.Put(Key('c', id), Money(id));
                tx.Commit();
            }

            Console.WriteLine($"ack {id}");
            if (id % 25 == 0)
            {
                Console.WriteLine($"ckpt {engine.Checkpoint()}");
            }

            Console.Out.Flush();
        }

        engine.Dispose();
        Console.WriteLine("closed");
        return 0;
    }

    /// <summary>Reads in a loop, checking each snapshot, and prints "seen id" whenever the last id grows; exits once it reaches <paramref name="target"/>.</summary>
    public static int Read(string path, long target)
    {
        using var engine = StorageEngine.Open(path, ReaderOptions);
        Console.WriteLine("ready");
        Console.Out.Flush();
        var seen = -1L;
        while (seen < target)
        {
            using var tx = engine.BeginRead();
            var (last, problem) = Check(tx);
            if (problem is not null)
            {
                Console.WriteLine($"bad {problem}");
                return 1;
            }

            if (last > seen)
            {
                seen = last;
                Console.WriteLine($"seen {seen}");
                Console.Out.Flush();
            }
        }

        return 0;
    }

    /// <summary>
    /// Holds one read transaction: prints "holding id digest", and at each line on stdin reads the whole
    /// snapshot again and prints "same" or "changed"; at stdin's end, leaves and prints "released".
    /// </summary>
    public static int Hold(string path)
    {
        using var engine = StorageEngine.Open(path, ReaderOptions);
        var tx = engine.BeginRead();
        var (last, problem) = Check(tx);
        var digest = Digest(tx);
        Console.WriteLine(problem is null ? $"holding {last} {digest:x8}" : $"bad {problem}");
        Console.Out.Flush();
        while (Console.ReadLine() is not null)
        {
            var (again, later) = Check(tx);
            Console.WriteLine(later is null && again == last && Digest(tx) == digest ? "same" : $"changed {later}");
            Console.Out.Flush();
        }

        tx.Dispose();
        Console.WriteLine("released");
        Console.Out.Flush();
        return 0;
    }

    /// <summary>Opens the database shared to write and prints "opened", or "locked" when another process writes it.</summary>
    public static int Probe(string path, bool readOnly)
    {
        try
        {
            using var engine = StorageEngine.Open(path, readOnly ? ReaderOptions : WriterOptions);
            Console.WriteLine("opened");
        }
        catch (DatabaseLockedException)
        {
            Console.WriteLine("locked");
        }

        return 0;
    }

    /// <summary>
    /// Through the public API: opens the database shared and read-only, prints "ready", and for each line
    /// <c>k</c> on stdin prints the value of field <c>f{k}</c> of document <c>k</c> of "people" ("value v"),
    /// or "missing"; another process adds each document with a field name new to the collection.
    /// </summary>
    public static int ReadFields(string path)
    {
        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true, Sharing = DocStoreSharing.Shared });
        var people = db.GetCollection("people");
        Console.WriteLine("ready");
        Console.Out.Flush();
        while (Console.ReadLine() is { } line)
        {
            var k = int.Parse(line, CultureInfo.InvariantCulture);
            var document = people.Get(k);
            Console.WriteLine(document is not null && document.TryGetValue($"f{k}", out var value) ? $"value {value}" : "missing");
            Console.Out.Flush();
        }

        return 0;
    }

    /// <summary>The last id a snapshot holds and the first thing wrong with it (null: consistent).</summary>
    public static (long Last, string? Problem) Check(Transaction tx)
    {
        var tree = tx.OpenTree("shared");
        if (tree is null)
        {
            return (0, null);
        }

        var total = 0L;
        for (var a = 0; a < Accounts; a++)
        {
            total += Balance(tree, a);
        }

        if (total != Total)
        {
            return (0, $"the accounts hold {total}, not {Total}");
        }

        var last = LastId(tree);
        var markers = 0L;
        var cursor = tree.CreateCursor();
        for (var ok = cursor.Seek("c"u8); ok && cursor.Key[0] == (byte)'c'; ok = cursor.MoveNext())
        {
            markers++;
        }

        if (markers != last)
        {
            return (last, $"{markers} markers up to id {last}");
        }

        for (var id = 1L; id <= last; id++)
        {
            if (!tree.TryGet(Key('t', id), out _))
            {
                return (last, $"key t{id} is missing, marker c{last} is there");
            }
        }

        return (last, null);
    }

    // Within one process only (HashCode is seeded per process).
    private static int Digest(Transaction tx)
    {
        var hash = default(HashCode);
        if (tx.OpenTree("shared") is { } tree)
        {
            var cursor = tree.CreateCursor();
            for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
            {
                hash.AddBytes(cursor.Key);
                hash.AddBytes(cursor.Value.Span);
            }
        }

        return hash.ToHashCode();
    }

    public static long LastId(Tree tree)
    {
        var cursor = tree.CreateCursor();
        return cursor.SeekAtOrBefore("c99999999"u8) && cursor.Key[0] == (byte)'c'
            ? long.Parse(Encoding.ASCII.GetString(cursor.Key[1..]), CultureInfo.InvariantCulture)
            : 0;
    }

    private static long Balance(Tree tree, int account) =>
        tree.TryGet(Account(account), out var value) ? BinaryPrimitives.ReadInt64LittleEndian(value.Span) : 0;

    private static byte[] Key(char kind, long id) => Encoding.ASCII.GetBytes($"{kind}{id:D8}");

    private static byte[] Account(int account) => Encoding.ASCII.GetBytes($"a{account:D2}");

    private static byte[] Money(long amount)
    {
        var bytes = new byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(bytes, amount);
        return bytes;
    }
}
