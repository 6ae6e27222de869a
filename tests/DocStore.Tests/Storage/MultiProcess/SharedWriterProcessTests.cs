using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// Writer processes taking turns on one database opened with <see cref="DocStoreSharing.Shared"/> (the crash
/// host's <c>sharedcount</c>, <c>sharedholdwrite</c> and <c>sharedtry</c> modes, with a tiny journal so
/// that both processes checkpoint and restart the WAL under each other): every transaction reads a shared
/// counter and writes it back plus one, so a lost update leaves the counter below the number of commits.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedWriterProcessTests
{
    private const int Increments = 150;

    [SharedOpenFact]
    public void Two_writer_processes_lose_no_update_and_see_each_others_commits()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var first = new CrashHostProcess("sharedcount", path, Increments.ToString(System.Globalization.CultureInfo.InvariantCulture));
        using var second = new CrashHostProcess("sharedcount", path, Increments.ToString(System.Globalization.CultureInfo.InvariantCulture));
        HostLines.WaitFor(first, l => l == "done", "the first writer's increments");
        HostLines.WaitFor(second, l => l == "done", "the second writer's increments");

        // Each process now reads what both wrote: the counter went up once per commit of either.
        var expected = $"count {2 * Increments} keys {2 * Increments}";
        first.Send("look");
        Assert.Equal(expected, HostLines.WaitFor(first, l => l.StartsWith("count ", StringComparison.Ordinal), "the first writer's look"));
        second.Send("look");
        Assert.Equal(expected, HostLines.WaitFor(second, l => l.StartsWith("count ", StringComparison.Ordinal), "the second writer's look"));

        first.CloseInput();
        second.CloseInput();
        HostLines.WaitFor(first, l => l == "closed", "the first writer to close");
        HostLines.WaitFor(second, l => l == "closed", "the second writer to close");
        using var check = StorageEngine.Open(path, new StorageOptions { ReadOnly = true });
        Assert.Equal(expected, Look(check));
        Assert.True(check.CheckIntegrity().IsValid);
    }

    [SharedOpenFact]
    public void Two_processes_inserting_into_one_collection_hand_out_no_key_or_field_name_twice()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var first = new CrashHostProcess("sharedpeople", path, "60");
        using var second = new CrashHostProcess("sharedpeople", path, "60");
        HostLines.WaitFor(first, l => l == "done", "the first process's inserts");
        HostLines.WaitFor(second, l => l == "done", "the second process's inserts");

        // Each document carries a field name of its own: both processes read every one back whole.
        first.Send("look");
        Assert.Equal("people 120 readable 120", HostLines.WaitFor(first, l => l.StartsWith("people ", StringComparison.Ordinal), "the first process's look"));
        second.Send("look");
        Assert.Equal("people 120 readable 120", HostLines.WaitFor(second, l => l.StartsWith("people ", StringComparison.Ordinal), "the second process's look"));
        first.CloseInput();
        second.CloseInput();
        HostLines.WaitFor(first, l => l == "closed", "the first process to close");
        HostLines.WaitFor(second, l => l == "closed", "the second process to close");

        using var db = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true });
        Assert.Equal(120, db.GetCollection("people").Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [SharedOpenFact]
    public void A_write_beside_an_open_write_transaction_is_busy_at_once_or_waits_for_its_commit()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");

        // Both open before the transaction begins: an open that writes takes a turn too.
        using var impatient = new CrashHostProcess("sharedtry", path, "0");
        HostLines.WaitFor(impatient, l => l == "ready", "the impatient writer to open");
        using var patient = new CrashHostProcess("sharedtry", path, "-1");
        HostLines.WaitFor(patient, l => l == "ready", "the patient writer to open");
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");

        impatient.Send("try");
        Assert.Equal("busy True 0 DatabaseBusy", HostLines.WaitFor(impatient, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the impatient write"));

        // The patient write waits for the holder's turn to end, then builds on its commit.
        patient.Send("try");
        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        Assert.Equal("committed", HostLines.WaitFor(patient, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the patient write"));

        foreach (var process in new[] { holder, impatient, patient })
        {
            process.CloseInput();
            process.WaitForExit();
        }

        using var check = StorageEngine.Open(path, new StorageOptions { ReadOnly = true });
        Assert.Equal("count 2 keys 2", Look(check));
    }

    [SharedOpenFact]
    public void A_descriptor_of_the_shared_file_closed_in_the_writing_process_leaves_its_turn_held()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var impatient = new CrashHostProcess("sharedtry", path, "0");
        HostLines.WaitFor(impatient, l => l == "ready", "the impatient writer to open");

        using (var engine = StorageEngine.Open(path, new StorageOptions { Sharing = DocStoreSharing.Shared }))
        using (var tx = engine.BeginWrite())
        {
            tx.OpenOrCreateTree("counter");

            // A diagnostic read of the shared file from the writing process: closing a classic fcntl
            // lock's file through any descriptor drops the process's locks, and would hand the turn over.
            using (var stray = new FileStream(path + "-shm", FileMode.Open, FileAccess.Read, FileShare.ReadWrite))
            {
                stray.ReadExactly(new byte[64]);
            }

            impatient.Send("try");
            Assert.Equal("busy True 0 DatabaseBusy", HostLines.WaitFor(impatient, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the impatient write"));
            tx.Commit();
        }

        impatient.Send("try");
        Assert.Equal("committed", HostLines.WaitFor(impatient, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the write after the turn ended"));
        impatient.CloseInput();
        impatient.WaitForExit();
    }

    [SharedOpenFact]
    public void A_writer_killed_in_its_transaction_blocks_no_one_and_loses_nothing_acknowledged()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var counter = new CrashHostProcess("sharedcount", path, "40"))
        {
            HostLines.WaitFor(counter, l => l == "done", "40 acknowledged increments");
            counter.Kill();
        }

        using var next = new CrashHostProcess("sharedtry", path, "60000");
        HostLines.WaitFor(next, l => l == "ready", "the next writer to open");

        // Killed while it holds the writer lock, with its transaction's pages possibly in the WAL.
        using (var holder = new CrashHostProcess("sharedholdwrite", path))
        {
            HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");
            holder.Kill();
        }

        next.Send("try");
        Assert.Equal("committed", HostLines.WaitFor(next, l => l.StartsWith("busy", StringComparison.Ordinal) || l == "committed", "the write after the kill"));
        next.CloseInput();
        next.WaitForExit();

        using var check = StorageEngine.Open(path, new StorageOptions { ReadOnly = true });
        Assert.Equal("count 41 keys 41", Look(check));
        Assert.True(check.CheckIntegrity().IsValid);
    }

    // The same summary the crash host prints: the counter and the number of keys writers added.
    private static string Look(StorageEngine engine)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("counter");
        Assert.NotNull(tree);
        var keys = 0L;
        var cursor = tree.CreateCursor();
        for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
        {
            keys += cursor.Key.SequenceEqual("counter"u8) ? 0 : 1;
        }

        Assert.True(tree.TryGet("counter"u8, out var value));
        return $"count {System.Buffers.Binary.BinaryPrimitives.ReadInt64LittleEndian(value.Span)} keys {keys}";
    }
}
