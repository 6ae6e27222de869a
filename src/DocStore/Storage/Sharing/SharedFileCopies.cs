using DocStore.Storage.Paging;

namespace DocStore.Storage.Sharing;

/// <summary>
/// The checkpoints' copy count of a shared open, kept in the shared file so that every process's checkpoint
/// moves it and every process's readers see it (docs/storage.md, "Reads beside a checkpoint").
/// </summary>
/// <param name="shm">The shared file.</param>
/// <param name="readStill">Runs a read while no process can copy, when none is copying now (see <see cref="WalFollower.TryReadWithCopiesHeld"/>).</param>
internal sealed class SharedFileCopies(SharedMemoryFile shm, Func<Action, bool> readStill) : FileCopies
{
    public override long Sequence => shm.ReadLong(SharedLayout.CopySequenceOffset);

    protected override void Increment() => shm.Increment(SharedLayout.CopySequenceOffset);

    protected override bool TryReadStill(Action read) => readStill(read);
}
