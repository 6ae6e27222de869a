namespace DocStore.Storage.Sharing;

/// <summary>
/// The bytes of <c>name.db-shm</c> (docs/storage.md, "Many processes"): a header the writer publishes its
/// last commit in, then a table of reader slots. Little-endian, mapped into every process that opens the
/// database shared. The locks are byte-range locks on offsets past the mapped bytes, so that no lock
/// (mandatory on Windows) ever covers bytes a process reads or writes.
/// </summary>
internal static class SharedLayout
{
    public const string Suffix = "-shm";

    public const uint Magic = 0x4D535344; // "DSSM"
    public const int Version = 3;

    /// <summary>The mapped length: the header and <see cref="SlotCount"/> slots.</summary>
    public const int Length = 4096;

    // Header.
    public const int MagicOffset = 0;
    public const int VersionOffset = 4;
    public const int SlotCountOffset = 8;

    /// <summary>Odd while the writer changes the published fields below (a sequence lock), and during a WAL restart.</summary>
    public const int SequenceOffset = 16;

    /// <summary>The salt of the WAL generation that the published commit belongs to (0: nothing published yet).</summary>
    public const int SaltOffset = 24;

    /// <summary>The process id of the writer that published last.</summary>
    public const int WriterPidOffset = 28;

    /// <summary>The first LSN of that generation.</summary>
    public const int FirstLsnOffset = 32;

    /// <summary>The last commit readers may see (its commit frame's LSN).</summary>
    public const int VisibleLsnOffset = 40;

    /// <summary>The highest LSN a checkpoint may have copied into the database file in this generation.</summary>
    public const int CheckpointLsnOffset = 48;

    /// <summary>How many processes wait for the writer lock now: a writer keeps the lock between its turns only while none does.</summary>
    public const int WaitersOffset = 56;

    /// <summary>The keeping writer's nonzero id while it keeps the writer lock with no turn in progress (a try without a timeout waits for it then); 0 otherwise.</summary>
    public const int KeptOffset = 60;

    /// <summary>
    /// Odd while a checkpoint writes into the database file or its double-write file, even otherwise: a reader
    /// whose page fails its check tells a page caught mid-write from damage by it (see <see cref="Paging.FileCopies"/>).
    /// </summary>
    public const int CopySequenceOffset = 64;

    /// <summary>
    /// How many turns processes took (each fresh take of the writer lock adds one): a process that released the
    /// lock to a waiter leaves it alone until this moves (see <see cref="TurnYield"/>).
    /// </summary>
    public const int TurnCountOffset = 72;

    public const int SlotsOffset = 96;
    public const int SlotLength = 32;
    public const int SlotCount = (Length - SlotsOffset) / SlotLength;

    // Slot fields.
    public const int SlotPid = 0;
    public const int SlotSalt = 4;

    /// <summary>The oldest snapshot the slot's process reads at; 0 while it reads nothing.</summary>
    public const int SlotMark = 8;

    /// <summary>
    /// Set in a mark the process keeps between read transactions (parked): no reader of the process uses it,
    /// and a writer that copies or restarts takes it away (compare-and-swap to 0) instead of honouring it.
    /// </summary>
    public const long Parked = 1L << 62;

    // Lock bytes (byte-range locks, never read or written).
    public const long LockBase = 1L << 20;

    /// <summary>Held by the process that writes, for as long as it has the database open.</summary>
    public const long WriterLock = LockBase;

    /// <summary>Held exclusively while a process opens the files (creates the shared file, recovers).</summary>
    public const long OpenLock = LockBase + 1;

    /// <summary>Held by the writer while a checkpoint copies into the file or the WAL restarts; a reader that opens takes it once.</summary>
    public const long CopyLock = LockBase + 2;

    public static long SlotLock(int slot) => LockBase + 16 + slot;

    public static int Slot(int slot) => SlotsOffset + slot * SlotLength;
}
