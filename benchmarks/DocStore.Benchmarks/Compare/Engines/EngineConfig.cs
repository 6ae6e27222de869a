namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>How a workload wants its database: where, how durable, and how big a page cache.</summary>
/// <param name="Directory">The folder the engine creates its files in (unused in memory).</param>
/// <param name="Durability">What a commit waits for.</param>
/// <param name="CachePages">Page-cache size in pages, or null for the engine's default.</param>
/// <param name="PageSize">DocStore's page size in bytes, or null for its default (the other engines keep theirs).</param>
public sealed record EngineConfig(string Directory, CommitDurability Durability, int? CachePages = null, int? PageSize = null);
