using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Transactions;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// Several processes writing one database opened with <see cref="DocStoreSharing.Shared"/>, in turns: each
/// write transaction reads a shared counter and writes it back plus one, with a key of its own
/// (<c>p{pid}-{i}</c>), so a lost update shows as a counter below the number of keys.
/// </summary>
internal static class SharedWritersWorkload
{
    private static readonly byte[] CounterKey = "counter"u8.ToArray();

    /// <summary>Tiny journal bounds, so checkpoints and WAL restarts by either process happen all the time.</summary>
    public static StorageOptions Options(TimeSpan busyTimeout) => new()
    {
        PageSize = 1024,
        Sharing = DocStoreSharing.Shared,
        AutoCheckpointFrames = 16,
        JournalSizeLimit = 64 * 1024,
        BusyTimeout = busyTimeout,
    };

    /// <summary>
    /// Increments the counter <paramref name="times"/> times, one transaction each, printing "ack i" after each
    /// commit and "done" at the end; then at each stdin line prints "count c keys k" as it reads them now, and
    /// closes at stdin's end ("closed").
    /// </summary>
    public static int Count(string path, int times)
    {
        var engine = StorageEngine.Open(path, Options(TimeSpan.FromMinutes(10)));
        Console.WriteLine("ready");
        Console.Out.Flush();
        for (var i = 1; i <= times; i++)
        {
            using (var tx = engine.BeginWrite())
            {
                Increment(tx.OpenOrCreateTree("counter"), $"p{Environment.ProcessId}-{i}");
                tx.Commit();
            }

            Console.WriteLine($"ack {i}");
            Console.Out.Flush();
        }

        Console.WriteLine("done");
        Console.Out.Flush();
        while (Console.ReadLine() is not null)
        {
            Console.WriteLine(Look(engine));
            Console.Out.Flush();
        }

        engine.Dispose();
        Console.WriteLine("closed");
        return 0;
    }

    /// <summary>
    /// Begins a write transaction, increments the counter in it and prints "holding"; commits at the first
    /// stdin line ("committed"), closes at stdin's end ("closed"). The test may kill it while it holds.
    /// </summary>
    public static int HoldWrite(string path)
    {
        var engine = StorageEngine.Open(path, Options(TimeSpan.FromMinutes(10)));
        var tx = engine.BeginWrite();
        Increment(tx.OpenOrCreateTree("counter"), $"h{Environment.ProcessId}");
        Console.WriteLine("holding");
        Console.Out.Flush();
        if (Console.ReadLine() is not null)
        {
            tx.Commit();
            Console.WriteLine("committed");
            Console.Out.Flush();
            Console.In.ReadToEnd();
        }

        tx.Dispose();
        engine.Dispose();
        Console.WriteLine("closed");
        return 0;
    }

    /// <summary>
    /// Opens with the busy timeout given in milliseconds (-1: infinite) and prints "ready"; at each stdin line
    /// tries one increment and prints "committed", or "busy" and the exception's file and timeout.
    /// </summary>
    public static int Try(string path, int busyMilliseconds)
    {
        using var engine = StorageEngine.Open(path, Options(busyMilliseconds < 0 ? Timeout.InfiniteTimeSpan : TimeSpan.FromMilliseconds(busyMilliseconds)));
        Console.WriteLine("ready");
        Console.Out.Flush();
        var tries = 0;
        while (Console.ReadLine() is not null)
        {
            try
            {
                using var tx = engine.BeginWrite();
                Increment(tx.OpenOrCreateTree("counter"), $"t{Environment.ProcessId}-{++tries}");
                tx.Commit();
                Console.WriteLine("committed");
            }
            catch (DatabaseBusyException ex)
            {
                Console.WriteLine($"busy {ex.FileName == path} {ex.Timeout.TotalMilliseconds:0} {ex.ErrorCode}");
            }

            Console.Out.Flush();
        }

        return 0;
    }

    /// <summary>"count c keys k": the counter and the number of keys the writers added, as a new snapshot holds them.</summary>
    public static string Look(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("counter");
        if (tree is null)
        {
            return "count 0 keys 0";
        }

        var keys = 0L;
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            keys += cursor.Key.SequenceEqual(CounterKey) ? 0 : 1;
        }

        return $"count {Counter(tree)} keys {keys}";
    }

    private static void Increment(Tree tree, string key)
    {
        var value = new byte[8];
        BinaryPrimitives.WriteInt64LittleEndian(value, Counter(tree) + 1);
        tree.Put(CounterKey, value);
        tree.Put(Encoding.ASCII.GetBytes(key), value);
    }

    private static long Counter(Tree tree) =>
        tree.TryGet(CounterKey, out var value) ? BinaryPrimitives.ReadInt64LittleEndian(value.Span) : 0;

    /// <summary>Parses a mode's number argument.</summary>
    public static int Number(string text) => int.Parse(text, CultureInfo.InvariantCulture);
}
