using DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;
using DocStore.Benchmarks.Compare.Engines.DocStoreSqlAdapter;
using DocStore.Benchmarks.Compare.Engines.LiteDb;
using DocStore.Benchmarks.Compare.Engines.MartenAdapter;
using DocStore.Benchmarks.Compare.Engines.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines;

/// <summary>
/// The engines the harness can open. CSharpDB and BLite are absent because their packages do not restore
/// from this machine's NuGet mirror (docs/dependencies.md); there are no stand-in numbers for them.
/// </summary>
public static class EngineCatalog
{
    public const string DocStoreName = "docstore";
    public const string SqliteName = "sqlite";
    public const string LiteDbName = "litedb";

    public static IReadOnlyList<string> Names { get; } = [DocStoreName, SqliteName, LiteDbName];

    /// <summary>
    /// DocStore with its redo log off (every durable commit fsyncs its WAL frames), measured beside the
    /// default in the same rounds when asked for by name: the A/B of the commit path (docs/benchmarks.md).
    /// </summary>
    public const string DocStoreWalFsyncName = "docstore-walfsync";

    /// <summary>
    /// DocStore opened with <see cref="DocStoreSharing.Shared"/> (other processes may open the file beside it),
    /// measured beside the default exclusive open in the same rounds: what the shared mode costs one process.
    /// </summary>
    public const string DocStoreSharedName = "docstore-shared";

    /// <summary>DocStore through SQL: prepared statements over the same typed context (docs/sql.md).</summary>
    public const string DocStoreSqlName = "docstore-sql";

    /// <summary>DocStore storing documents Brotli-compressed (<see cref="ValueCompression.Brotli"/>, docs/storage.md "Compression").</summary>
    public const string DocStoreBrotliName = "docstore-brotli";

    /// <summary>DocStore with every file encrypted (AES-256-GCM pages, WAL frames and redo records; docs/storage.md "Encryption").</summary>
    public const string DocStoreEncryptedName = "docstore-encrypted";

    /// <summary>
    /// DocStore answering the <c>linq_*</c> rows the way users could without LINQ (generated <c>FindBy…</c>
    /// methods, <c>Get</c>, <c>FindAll().Where(…)</c>), beside <c>docstore</c>'s <c>Query()</c> in the same rounds.
    /// </summary>
    public const string DocStoreFindByName = "docstore-findby";

    /// <summary>DocStore with the change log on (<see cref="DocStoreOptions.ChangeRetention"/>) and no one reading it.</summary>
    public const string DocStoreChangeLogName = "docstore-changelog";

    /// <summary>DocStore with the change log on and one live consumer of <c>db.Changes()</c> beside the writer (docs/storage.md, "Change log").</summary>
    public const string DocStoreChangeFeedName = "docstore-changefeed";

    /// <summary>DocStore.PostgreSQL: the generated typed collections on PostgreSQL (the <c>pg_*</c> rows only).</summary>
    public const string DocStorePostgresName = "docstore-pg";

    /// <summary>Marten 9 on the same PostgreSQL server (the <c>pg_*</c> rows only).</summary>
    public const string MartenName = "marten";

    /// <summary>The engines of every <c>pg_*</c> row, DocStore first; no other row runs them.</summary>
    public static IReadOnlyList<string> PostgresEngines { get; } = [DocStorePostgresName, MartenName];

    /// <summary>Engines that run only when named with <c>--engines</c>.</summary>
    public static IReadOnlyList<string> OnRequest { get; } = [DocStoreSharedName, DocStoreFindByName, DocStoreWalFsyncName, DocStoreSqlName, DocStoreBrotliName, DocStoreEncryptedName, DocStoreChangeLogName, DocStoreChangeFeedName];

    // Every engine a name may select, in the order they run (after Names and OnRequest, which it reads).
    private static readonly IReadOnlyList<string> Known = [.. Names, .. OnRequest];

    public static IDocumentEngine Open(string name, EngineConfig config) => name switch
    {
        DocStoreName => new DocStoreEngine(config),
        DocStoreFindByName => new DocStoreEngine(config, findByBaseline: true),
        DocStoreWalFsyncName => new DocStoreEngine(config, redoLog: false),
        DocStoreBrotliName => new DocStoreEngine(config, compression: ValueCompression.Brotli),
        DocStoreSharedName => new DocStoreEngine(config, sharing: DocStoreSharing.Shared),
        DocStoreEncryptedName => new DocStoreEngine(config, encrypted: true),
        DocStoreSqlName => new DocStoreSqlEngine(config),
        DocStoreChangeLogName => new DocStoreEngine(config, changes: ChangeFeedMode.LogOnly),
        DocStoreChangeFeedName => new DocStoreEngine(config, changes: ChangeFeedMode.Consumer),
        SqliteName => new SqliteEngine(config),
        LiteDbName => new LiteDbEngine(config),
        DocStorePostgresName => DocStoreEngine.OpenPostgres(),
        MartenName => new MartenEngine(),
        _ => throw new ArgumentException($"compare: unknown engine '{name}'. Engines here: {string.Join(", ", Known)} (CSharpDB and BLite do not restore from this machine's NuGet mirror)."),
    };

    /// <summary>The engines a <c>--engines</c> list names, DocStore always first (ratios are to it).</summary>
    public static IReadOnlyList<string> Select(IReadOnlyList<string> names)
    {
        if (names.Count == 0)
        {
            return Names;
        }

        var selected = names.Select(n => n.ToLowerInvariant()).Distinct().ToList();
        foreach (var name in selected)
        {
            if (!Known.Contains(name))
            {
                Open(name, new EngineConfig("", CommitDurability.InMemory));
            }
        }

        return [.. Known.Where(selected.Contains)];
    }
}
