namespace DocStore.Storage.Sharing;

/// <summary>What the writer published in the shared file, read whole under its sequence lock.</summary>
/// <param name="Sequence">The sequence value it was read under (even).</param>
/// <param name="Salt">The WAL generation's salt; 0 when nothing was ever published.</param>
/// <param name="FirstLsn">The generation's first LSN.</param>
/// <param name="VisibleLsn">The last commit readers may see.</param>
internal readonly record struct SharedPublication(long Sequence, uint Salt, long FirstLsn, long VisibleLsn)
{
    /// <summary>Whether a writer has published a commit position.</summary>
    public bool IsPublished => Salt != 0;

    /// <summary>
    /// Reads the header: null while the writer changes it (an odd sequence). A reader retries; a sequence
    /// left odd by a writer that died is made even again by the next writer.
    /// </summary>
    public static SharedPublication? Read(SharedMemoryFile shm)
    {
        var before = shm.ReadLong(SharedLayout.SequenceOffset);
        if ((before & 1) != 0)
        {
            return null;
        }

        var salt = (uint)shm.ReadInt(SharedLayout.SaltOffset);
        var first = shm.ReadLong(SharedLayout.FirstLsnOffset);
        var visible = shm.ReadLong(SharedLayout.VisibleLsnOffset);

        // Every read is a volatile (acquire) read, so the second look at the sequence stays after the fields:
        // a reader's load-load order needs no full fence.
        return shm.ReadLong(SharedLayout.SequenceOffset) == before ? new SharedPublication(before, salt, first, visible) : null;
    }

    /// <summary>
    /// The fields as a writer that died while it changed them left them (the sequence odd, no writer alive):
    /// each is whole, from before or after the change, so the generation's salt and first LSN are checked
    /// against the WAL file by the caller, and the visible LSN names a commit whose frames are written.
    /// </summary>
    public static SharedPublication ReadLeftMidChange(SharedMemoryFile shm) => new(
        shm.ReadLong(SharedLayout.SequenceOffset),
        (uint)shm.ReadInt(SharedLayout.SaltOffset),
        shm.ReadLong(SharedLayout.FirstLsnOffset),
        shm.ReadLong(SharedLayout.VisibleLsnOffset));
}
