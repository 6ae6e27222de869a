using DocStore.Benchmarks.Compare.Data;
using LiteDB;

namespace DocStore.Benchmarks.Compare.Engines.LiteDb;

/// <summary>
/// LiteDB 5 through its typed API, as its documentation shows it: one <see cref="LiteDatabase"/> (direct
/// connection, thread-safe, shared by every thread), <see cref="ILiteCollection{T}"/> of the same
/// <see cref="Person"/> and <see cref="YcsbDocument"/> classes the other engines store, mapped by
/// <see cref="LiteDbSchema.CreateMapper"/>, and the indexes of <see cref="LiteDbSchema.EnsureIndexes"/>.
/// Each adapter call is one LiteDB call (each runs in its own automatic transaction) or, for a
/// read-modify-write, one explicit transaction around the calls.
/// <para>
/// Durability: LiteDB 5.0.20 has no durability setting (no journal or synchronous option in its connection
/// string or pragmas). On disk, a commit writes its pages to the <c>-log</c> file and fsyncs that file
/// after every 8 KiB page, on the committing thread, before the commit returns (seen with strace: each log
/// <c>pwrite64</c> is followed by an <c>fsync</c> from LiteDB's <c>StreamExtensions.FlushToDisk</c>). So
/// <see cref="CommitDurability.Normal"/> and <see cref="CommitDurability.Full"/> are the same for LiteDB,
/// both at least as strict as Full. <see cref="CommitDurability.InMemory"/> is <c>:memory:</c> (data and
/// log in MemoryStreams, no fsync). LiteDB has no page-cache size setting either, so the cold-cache
/// workload runs it with its default cache (<see cref="EngineConfig.CachePages"/> is ignored).
/// </para>
/// </summary>
internal sealed partial class LiteDbEngine : IDocumentEngine
{
    private readonly string? _directory;
    private readonly LiteDatabase _db;
    private readonly ILiteCollection<Person> _people;
    private readonly ILiteCollection<YcsbDocument> _usertable;

    public LiteDbEngine(EngineConfig config)
    {
        var mapper = LiteDbSchema.CreateMapper();
        if (config.Durability == CommitDurability.InMemory)
        {
            _db = new LiteDatabase(":memory:", mapper);
        }
        else
        {
            _directory = config.Directory;
            _db = new LiteDatabase(new ConnectionString { Filename = Path.Combine(config.Directory, "litedb.db"), Connection = ConnectionType.Direct }, mapper);
        }

        _people = _db.GetCollection<Person>(LiteDbSchema.People);
        _usertable = _db.GetCollection<YcsbDocument>(LiteDbSchema.Usertable);
        LiteDbSchema.EnsureIndexes(_people);
    }

    public string Name => "LiteDB";

    /// <summary>The data file and LiteDB's log file (<c>litedb-log.db</c>, present until a checkpoint empties it).</summary>
    public long FileBytes => _directory is null ? 0 : Directory.EnumerateFiles(_directory, "litedb*").Sum(f => new FileInfo(f).Length);

    public void Dispose() => _db.Dispose();
}
