using DocStore.Storage.Sharing;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// Reader processes beside a writer process on a database opened with <see cref="DocStoreSharing.Shared"/>
/// (the crash host's <c>shared*</c> modes, with a tiny journal so that checkpoints and WAL restarts happen
/// every few commits): readers see the writer's commits whole, a held snapshot stays exactly as it was
/// across checkpoints, and a reader's slot stops holding the writer back once the reader ends or is killed.
/// Writer processes taking turns are in <see cref="SharedWriterProcessTests"/>.
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class SharedReaderProcessTests
{
    [SharedOpenFact]
    public void A_reader_process_sees_the_writer_processes_commits_whole()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new CrashHostProcess("sharedwrite", path);
        HostLines.WaitFor(writer, l => l == "ready", "the writer to open");
        var acked = HostLines.Number(HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 50, "50 commits"), "ack ");

        // Every snapshot the reader takes is checked (total, markers, keys); it reports each new last commit.
        using var reader = new CrashHostProcess("sharedread", path, "1000000000");
        var first = HostLines.Number(HostLines.WaitFor(reader, l => l.StartsWith("seen ", StringComparison.Ordinal), "the reader's first snapshot"), "seen ");
        Assert.True(first >= acked, $"the reader's first snapshot holds commit {first}; {acked} were acknowledged before it opened");
        var later = 0;
        HostLines.WaitFor(reader, l => l.StartsWith("seen ", StringComparison.Ordinal) && ++later >= 100 && HostLines.Number(l, "seen ") >= first + 300, "the reader to see 300 more commits in 100 snapshots or more");
        reader.Kill();

        // The writer's checkpoints went on meanwhile (every 25 commits), and emptied the log at times.
        writer.CloseInput();
        HostLines.WaitFor(writer, l => l == "closed", "the writer to close");
        using var check = StorageEngineFor(path);
        Assert.True(check.CheckIntegrity().IsValid);
    }

    [SharedOpenFact]
    public void A_held_snapshot_stays_as_it_was_across_checkpoints_and_its_end_lets_the_log_restart()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new CrashHostProcess("sharedwrite", path);
        HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 30, "30 commits");

        using var holder = new CrashHostProcess("sharedhold", path);
        HostLines.WaitFor(holder, l => l.StartsWith("holding ", StringComparison.Ordinal), "the reader's snapshot");

        // While the snapshot is held, no checkpoint can copy the commits after it, so none empties the log.
        for (var i = 0; i < 3; i++)
        {
            HostLines.WaitFor(writer, l => l.StartsWith("ckpt ", StringComparison.Ordinal), "a checkpoint beside the held snapshot");
        }

        holder.Send("check");
        HostLines.WaitFor(holder, l => l == "same" || l.StartsWith("changed", StringComparison.Ordinal), "the reader's second read");
        holder.Send("check");
        Assert.Equal("same", HostLines.WaitFor(holder, l => l == "same" || l.StartsWith("changed", StringComparison.Ordinal), "the reader's third read"));

        holder.CloseInput();
        HostLines.WaitFor(holder, l => l == "released", "the reader to leave");
        HostLines.WaitFor(writer, l => l == "ckpt True", "a checkpoint that empties the log once the reader left");
    }

    [SharedOpenFact]
    public void A_killed_readers_slot_is_reclaimed()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writer = new CrashHostProcess("sharedwrite", path);
        HostLines.WaitFor(writer, l => l.StartsWith("ack ", StringComparison.Ordinal) && HostLines.Number(l, "ack ") >= 30, "30 commits");

        using var holder = new CrashHostProcess("sharedhold", path);
        HostLines.WaitFor(holder, l => l.StartsWith("holding ", StringComparison.Ordinal), "the reader's snapshot");
        var held = 0;
        HostLines.WaitFor(writer, l => l == "ckpt False" && ++held == 2, "two checkpoints held back by the reader");

        // Killed with its mark set: its slot's lock dies with it, and the writer clears the slot.
        holder.Kill();
        HostLines.WaitFor(writer, l => l == "ckpt True", "a checkpoint that empties the log after the reader was killed");
    }

    [SharedOpenFact]
    public void A_second_writer_process_and_readers_open_beside_a_shared_writer_and_an_exclusive_open_does_not()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var engine = Engine.StorageEngine.Open(path, new global::DocStore.Storage.StorageOptions { Sharing = DocStoreSharing.Shared }))
        {
            Assert.Equal("opened", Probe(path, "sharedprobe", "write"));
            Assert.Equal("opened", Probe(path, "sharedprobe", "read"));
            Assert.Equal("locked", Probe(path, "probe"));
        }

        using (var exclusive = Engine.StorageEngine.Open(path))
        {
            Assert.Equal("locked", Probe(path, "sharedprobe", "read"));
        }
    }

    private static string Probe(string path, params string[] args)
    {
        using var probe = new CrashHostProcess([args[0], path, .. args[1..]]);
        return HostLines.WaitFor(probe, l => l is "locked" or "opened", "the probe");
    }

    private static Engine.StorageEngine StorageEngineFor(string path) => Engine.StorageEngine.Open(path, new() { ReadOnly = true });
}

/// <summary>A test of shared opens: skipped where .NET has no byte-range locks (macOS).</summary>
internal sealed class SharedOpenFactAttribute : FactAttribute
{
    public SharedOpenFactAttribute()
    {
        if (!SharedMemoryFile.IsSupported)
        {
            Skip = "Shared opens need byte-range locks, which .NET provides on Linux, FreeBSD and Windows.";
        }
    }
}
