using System.Globalization;
using System.Text;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// A shared reader keeps its slot's mark between read transactions, parked (docs/storage.md, "The
/// protocol"): this test process reads beside the crash host's <c>sharedwrite</c> process, whose explicit
/// checkpoint every 25 commits prints "ckpt True" only when it emptied the log (no mark of another process
/// was honoured). A parked mark must not hold that back, a live one must, and a read after the writer took
/// a parked mark away must see the latest commit.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedParkedMarkTests
{
    private static readonly StorageOptions ReaderOptions = new() { ReadOnly = true, Sharing = DocStoreSharing.Shared, CacheSizePages = 16 };

    [SharedOpenFact]
    public void An_idle_reader_process_holds_no_checkpoint_back_and_its_next_read_sees_the_latest_commit()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new CrashHostProcess("sharedwrite", path);
        HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 30, "30 commits");

        using var reader = StorageEngine.Open(path, ReaderOptions);
        long first;
        using (var tx = reader.BeginRead())
        {
            first = LastId(tx);
        }

        // The reader is open and read once, so its mark is parked: the writer takes it away and restarts the log.
        long acked = 0;
        HostLines.WaitFor(writer, l =>
        {
            if (l.StartsWith("ack ", StringComparison.Ordinal))
            {
                acked = HostLines.Number(l, "ack ");
            }

            return l == "ckpt True" && acked > first;
        }, "a checkpoint that empties the log beside the idle reader");

        using (var tx = reader.BeginRead())
        {
            var last = LastId(tx);
            Assert.True(last >= acked, $"the read after the restart holds commit {last}; {acked} were acknowledged before it began");
        }

        writer.CloseInput();
        HostLines.WaitFor(writer, l => l == "closed", "the writer to close");
    }

    [SharedOpenFact]
    public void Two_readers_of_one_process_hold_the_checkpoints_back_until_the_last_one_leaves()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new CrashHostProcess("sharedwrite", path);
        HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 30, "30 commits");

        using var reader = StorageEngine.Open(path, ReaderOptions);
        var one = reader.BeginRead();
        var two = reader.BeginRead();
        var digestOne = Digest(one);
        var digestTwo = Digest(two);

        // Commits after the first reader's snapshot were published after its mark was set and checked.
        var after = LastId(one);
        AssertHeldBack(writer, after, 2, "both readers");
        one.Dispose();
        AssertHeldBack(writer, after, 2, "the second reader");
        Assert.Equal(digestTwo, Digest(two));
        Assert.NotEqual(0, digestOne);

        two.Dispose();
        HostLines.WaitFor(writer, l => l == "ckpt True", "a checkpoint that empties the log once the last reader left");
        writer.CloseInput();
        HostLines.WaitFor(writer, l => l == "closed", "the writer to close");
    }

    // The next `count` explicit checkpoints after commit `after` all stop short of emptying the log (a line
    // the writer printed earlier may come from a checkpoint that ran before the readers began).
    private static void AssertHeldBack(CrashHostProcess writer, long after, int count, string holder)
    {
        var acked = 0L;
        for (var i = 0; i < count; i++)
        {
            var line = HostLines.WaitFor(writer, l =>
            {
                if (l.StartsWith("ack ", StringComparison.Ordinal))
                {
                    acked = HostLines.Number(l, "ack ");
                }

                return l.StartsWith("ckpt ", StringComparison.Ordinal) && acked > after;
            }, $"a checkpoint beside {holder}");
            Assert.True(line == "ckpt False", $"a checkpoint after commit {acked} emptied the log while {holder} read");
        }
    }

    private static long LastId(Transaction tx)
    {
        var cursor = tx.OpenTree("shared")!.CreateCursor();
        return cursor.SeekAtOrBefore("c99999999"u8) && cursor.Key[0] == (byte)'c'
            ? long.Parse(Encoding.ASCII.GetString(cursor.Key[1..]), CultureInfo.InvariantCulture)
            : 0;
    }

    private static int Digest(Transaction tx)
    {
        var hash = default(HashCode);
        var cursor = tx.OpenTree("shared")!.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            hash.AddBytes(cursor.Key);
            hash.AddBytes(cursor.Value.Span);
        }

        return hash.ToHashCode();
    }
}
