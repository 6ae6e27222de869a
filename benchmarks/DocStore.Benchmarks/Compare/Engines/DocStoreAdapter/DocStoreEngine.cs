using DocStore.Benchmarks.Compare.Data;
using DocStore.Storage;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// DocStore as an application uses it: the generated typed collections of <see cref="BenchmarkDb"/>
/// (<c>People</c> with its unique Email, Age, Address.City and multikey Tags[] indexes, and <c>Usertable</c>
/// for YCSB). Each adapter method is one collection call (<c>Get</c>, <c>FindByEmail</c>,
/// <c>FindByAgeRange</c>, <c>InsertMany</c>, <c>Update</c>...) or, where a peer's call is a
/// read-modify-write, one explicit transaction around the calls.
/// </summary>
internal sealed partial class DocStoreEngine : IDocumentEngine, IAnalyticsEngine, ILinqEngine
{
    private readonly BenchmarkDb _db;
    private readonly string? _path;
    private readonly ILinqEngine _linq;

    /// <param name="config">Where and how durably to open.</param>
    /// <param name="redoLog">Whether durable commits go through the redo log (the default) or fsync their WAL frames.</param>
    /// <param name="compression">How documents are stored.</param>
    /// <param name="findByBaseline">Whether the <c>linq_*</c> queries go through the generated <c>FindBy…</c> methods and <c>FindAll()</c> instead of <c>Query()</c>.</param>
    /// <param name="sharing">Whether other processes may open the file beside this one (ignored in memory).</param>
    /// <param name="readOnly">Whether to open the existing file read-only (a reader process of the <c>procs_*</c> rows).</param>
    /// <param name="changes">Whether the change log is on, and whether a consumer reads the change feed beside the writer.</param>
    /// <param name="encrypted">Whether a file database is encrypted (a fixed benchmark key; an in-memory one has no files to encrypt).</param>
    public DocStoreEngine(EngineConfig config, bool redoLog = true, ValueCompression compression = ValueCompression.None, bool findByBaseline = false, DocStoreSharing sharing = DocStoreSharing.Exclusive, bool readOnly = false, ChangeFeedMode changes = ChangeFeedMode.Off, bool encrypted = false)
    {
        var inMemory = config.Durability == CommitDurability.InMemory;
        var options = new DocStoreOptions
        {
            Durability = config.Durability switch
            {
                CommitDurability.Full => Durability.Full,
                CommitDurability.Normal => Durability.Normal,
                _ => Durability.None,
            },
            CacheSizePages = config.CachePages ?? new DocStoreOptions().CacheSizePages,
            PageSize = config.PageSize ?? new DocStoreOptions().PageSize,
            RedoLog = redoLog,
            Compression = compression,
            Sharing = sharing,
            ReadOnly = readOnly,
            ChangeRetention = changes == ChangeFeedMode.Off ? null : new ChangeRetention(),
            EncryptionKey = encrypted && !inMemory ? BenchmarkKey : null,
        };
        Name = changes != ChangeFeedMode.Off ? ChangeFeedName(changes)
            : findByBaseline ? "DocStore FindBy"
            : compression == ValueCompression.Brotli ? "DocStore (Brotli)"
            : encrypted ? "DocStore (encrypted)"
            : sharing == DocStoreSharing.Shared ? SharedName
            : redoLog ? "DocStore" : "DocStore (WAL fsync)";
        _path = inMemory ? null : Path.Combine(config.Directory, "docstore.db");
        _db = _path is null ? BenchmarkDb.OpenInMemory(options) : BenchmarkDb.Open(_path, options);
        _linq = findByBaseline ? new DocStoreFindByQueries(_db) : new DocStoreLinqQueries(_db);
        if (changes == ChangeFeedMode.Consumer)
        {
            StartConsumer();
        }
    }

    /// <summary>The name of DocStore opened <see cref="DocStoreSharing.Shared"/>, the peer of SQLite in the rows of several processes.</summary>
    public const string SharedName = "DocStore (shared)";

    public string Name { get; }

    /// <summary>Whether other processes may open the file beside this engine.</summary>
    internal bool IsShared => Name == SharedName;

    /// <summary>The database file, or null in memory.</summary>
    internal string? DatabasePath => _path;

    // A fixed key: the benchmark measures the cipher's cost, not key handling.
    private static byte[] BenchmarkKey { get; } = [.. Enumerable.Range(1, 32).Select(i => (byte)i)];

    /// <summary>The context, for the SQL adapter that writes through this one.</summary>
    internal BenchmarkDb Db => _db;

    public long FileBytes => _path is null ? 0 : FileLength(_path) + FileLength(_path + "-wal") + FileLength(_path + "-redo");

    public void Dispose()
    {
        StopConsumer();
        _db.Dispose();
        DropSchema();
    }

    private static long FileLength(string path) => File.Exists(path) ? new FileInfo(path).Length : 0;
}
