using DocStore.Storage.Sharing;

namespace DocStore.Engine.Lifecycle;

/// <summary>
/// The shared file (<c>name.db-shm</c>) a shared open left behind, removed by an exclusive writable open:
/// that open may checkpoint and restart the WAL, and a reader process opening shared afterwards would
/// otherwise trust the last shared writer's published commit, which no longer describes the logs.
/// </summary>
internal static class StaleSharedFile
{
    /// <summary>Removes the shared file beside <paramref name="path"/>; the caller holds the database exclusively, so no process maps it.</summary>
    public static void Remove(string path)
    {
        try
        {
            File.Delete(SharedMemoryFile.PathFor(path));
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // A directory the process cannot change: readers there cannot open shared either.
        }
    }
}
