namespace DocStore;

/// <summary>The <see cref="DocStoreOptions"/> settings an opener can set; a flag per setting, for telling which ones it set.</summary>
[Flags]
internal enum EngineOption
{
    None = 0,
    Durability = 1 << 0,
    CacheSizePages = 1 << 1,
    WriteLockTimeout = 1 << 2,
    PageSize = 1 << 3,
    AutoCheckpointFrames = 1 << 4,
    JournalSizeLimit = 1 << 5,
    UnbufferedWalWrites = 1 << 6,
    RedoLog = 1 << 7,
    ReadOnly = 1 << 8,
    Compression = 1 << 9,
    Sharing = 1 << 10,
    BusyTimeout = 1 << 11,
    ChangeRetention = 1 << 12,
    EncryptionKey = 1 << 13,
    Password = 1 << 14,
}
