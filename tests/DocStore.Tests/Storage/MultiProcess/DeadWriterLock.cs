using DocStore.Storage.Sharing;

namespace DocStore.Tests.Storage.MultiProcess;

/// <summary>
/// Stands for a writer process that dies in its turn: takes the writer lock through a descriptor of its own
/// (counted as a waiter meanwhile, so a process keeping the lock between its turns lets go), for the caller
/// to leave the shared file as that writer would; disposing it closes the descriptor and the lock goes, as
/// it does when a process dies.
/// </summary>
internal static class DeadWriterLock
{
    private static readonly TimeSpan HangGuard = TimeSpan.FromMinutes(10);

    /// <summary>The shared file of <paramref name="path"/>, with the writer lock held through it.</summary>
    public static SharedMemoryFile Take(string path)
    {
        var shm = SharedMemoryFile.Open(path, null);
        shm.Add(SharedLayout.WaitersOffset, 1);
        var taken = SpinWait.SpinUntil(() => shm.TryLock(SharedLayout.WriterLock), HangGuard);
        shm.Add(SharedLayout.WaitersOffset, -1);
        if (!taken)
        {
            shm.Dispose();
            Assert.Fail("the writer lock never came free");
        }

        return shm;
    }
}
