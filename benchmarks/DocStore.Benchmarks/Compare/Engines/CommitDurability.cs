namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>The durability a workload runs under, mapped by each adapter to its engine's nearest setting.</summary>
public enum CommitDurability
{
    /// <summary>Nothing on disk: DocStore <c>:memory:</c>, SQLite <c>:memory:</c>, LiteDB <c>:memory:</c>.</summary>
    InMemory,

    /// <summary>
    /// On disk, fsync at checkpoints only: DocStore <c>Durability.Normal</c>, SQLite WAL + <c>synchronous=NORMAL</c>.
    /// LiteDB cannot relax its commits: it fsyncs its log at every commit as under <see cref="Full"/>.
    /// </summary>
    Normal,

    /// <summary>Every commit fsynced: DocStore <c>Durability.Full</c>, SQLite WAL + <c>synchronous=FULL</c>, LiteDB's only mode (an fsync per log page).</summary>
    Full,
}
