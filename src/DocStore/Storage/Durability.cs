namespace DocStore;

/// <summary>When a commit reaches stable storage.</summary>
public enum Durability
{
    /// <summary>
    /// Every commit is fsynced before it is acknowledged (the default). Concurrent committers share one
    /// fsync (group commit). Readers see a commit only once it is durable.
    /// </summary>
    Full = 0,

    /// <summary>
    /// The WAL is fsynced at checkpoints only: a power loss may lose the latest commits but never corrupts
    /// the database or exposes half a transaction.
    /// </summary>
    Normal = 1,

    /// <summary>Never fsync. For in-memory databases and scratch data.</summary>
    None = 2,
}
