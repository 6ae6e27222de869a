using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Storage.Sharing;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// An exclusive read-only open and a shared writer both take a shared flock on the database file, yet the
/// writer's checkpoints would rewrite pages under a reader that believes nothing writes: whichever opens
/// second is refused with <see cref="DatabaseLockedException"/>. The crash host's <c>sharedprobe</c> is the
/// shared writer that comes second; <c>sharedholdwrite</c> is the one already there when the reader opens
/// without the shared file beside it (as when it looked for that file just before the writer made it).
/// </summary>
[Collection(BusyChildProcesses.Name)]
public sealed class ExclusiveReaderBesideSharedWriterTests
{
    [SharedOpenFact]
    public void A_shared_writer_process_is_refused_beside_an_exclusive_read_only_open_and_changes_nothing()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using (var writer = StorageEngine.Open(path))
        {
            using var tx = writer.BeginWrite();
            tx.OpenOrCreateTree("t").Put("k"u8, "v"u8);
            tx.Commit();
        }

        var before = File.ReadAllBytes(path);
        using var reader = StorageEngine.Open(path, new StorageOptions { ReadOnly = true });
        Assert.False(File.Exists(SharedMemoryFile.PathFor(path)), "the exclusive read-only open made a shared file");

        using var probe = new CrashHostProcess("sharedprobe", path, "write");
        var line = HostLines.WaitFor(probe, l => l is "opened" or "locked", "the shared writer's open");
        probe.WaitForExit();

        Assert.Equal("locked", line);
        Assert.Equal(before, File.ReadAllBytes(path));
        using var read = reader.BeginRead();
        Assert.True(read.OpenTree("t")!.TryGet("k"u8, out var value));
        Assert.Equal("v"u8.ToArray(), value.ToArray());
    }

    [SharedOpenFact]
    public void An_exclusive_read_only_open_is_refused_beside_a_shared_writer_process_even_without_the_shared_file()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var holder = new CrashHostProcess("sharedholdwrite", path);
        HostLines.WaitFor(holder, l => l == "holding", "the write transaction to begin");

        // The reader's look for the shared file came before the writer made it.
        File.Delete(SharedMemoryFile.PathFor(path));
        var error = Assert.Throws<DatabaseLockedException>(() => StorageEngine.Open(path, new StorageOptions { ReadOnly = true }));
        Assert.Equal(path, error.FileName);
        Assert.Contains("Sharing = Shared", error.Message, StringComparison.Ordinal);

        holder.Send("commit");
        HostLines.WaitFor(holder, l => l == "committed", "the held transaction to commit");
        holder.CloseInput();
        holder.WaitForExit();
    }
}
