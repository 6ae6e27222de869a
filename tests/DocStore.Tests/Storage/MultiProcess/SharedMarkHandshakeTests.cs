using DocStore.Storage.Sharing;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// The handshake on a parked mark between a reader's slot and another process's writer (docs/storage.md,
/// "The protocol"). Open-file-description locks on Linux belong to a descriptor, so two opens of the shared
/// file in this process stand for two processes: of the reader making its parked mark live again and the
/// writer taking it away, exactly one succeeds, and the writer honours the mark only in the first case.
/// </summary>
public sealed class SharedMarkHandshakeTests
{
    [LinuxFact]
    public void A_writer_takes_a_parked_mark_away_and_the_reader_cannot_resume_it()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var reader = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        using var writing = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        var writer = new SharedWriter(writing.Shared, writing.Index);

        reader.Park(100);
        Assert.Equal(500, writer.LimitCopies(500));
        Assert.False(reader.TryUnpark(100));
        Assert.Equal(0, writer.StepsHeldBackByReaders);
    }

    [LinuxFact]
    public void A_parked_mark_made_live_again_first_is_honoured()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var reader = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        using var writing = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        var writer = new SharedWriter(writing.Shared, writing.Index);

        reader.Park(100);
        Assert.True(reader.TryUnpark(100));
        Assert.Equal(100, writer.LimitCopies(500));
        Assert.Equal(1, writer.StepsHeldBackByReaders);
    }

    [LinuxFact]
    public void A_live_mark_keeps_the_log_from_restarting_and_a_parked_one_does_not()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var reader = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        using var writing = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        var writer = new SharedWriter(writing.Shared, writing.Index);
        var restarts = 0;

        reader.SetMark(7, 100);
        Assert.False(writer.TryRestart(() => restarts++, () => (8, 200, 200)));
        Assert.Equal(0, restarts);

        reader.Park(100);
        Assert.True(writer.TryRestart(() => restarts++, () => (8, 200, 200)));
        Assert.Equal(1, restarts);
        Assert.False(reader.TryUnpark(100));
    }

    [LinuxFact]
    public void A_dead_readers_live_mark_is_cleared_by_the_next_checkpoint()
    {
        using var dir = new TempDirectory();
        var path = dir.File("app.db");
        using var writing = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        var writer = new SharedWriter(writing.Shared, writing.Index);

        // Closing the shared file without giving the slot up is what a killed process leaves: its lock is gone.
        var reader = SharedReaderSlot.Claim(SharedMemoryFile.Open(path, null), path);
        reader.SetMark(7, 100);
        reader.Shared.Dispose();

        Assert.Equal(500, writer.LimitCopies(500));
        Assert.Equal(0, writer.StepsHeldBackByReaders);
    }
}
