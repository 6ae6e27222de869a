using System.Buffers;
using DocStore.Bson;
using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using DocStore.Transactions;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// DocStore through its storage engine, standing in for the typed collections (issue 5) until they exist:
/// one tree of C-BSON documents keyed by the encoded id, and one tree per index, all changed in the same
/// write transaction. Each public method maps to one collection call (<c>Get</c>, <c>FindByEmail</c>,
/// <c>InsertMany</c>...), so swapping in the collection API replaces method bodies, not the harness.
/// </summary>
internal sealed partial class DocStoreEngine : IDocumentEngine
{
    private const string PeopleTree = "people";
    private const string EmailTree = "people.Email";
    private const string AgeTree = "people.Age";
    private const string CityTree = "people.Address.City";
    private const string TagTree = "people.Tags[]";
    private const string UserTable = "usertable";

    private readonly StorageEngine _engine;
    private readonly string? _path;
    private readonly PersonCodec _people;
    private readonly YcsbCodec _ycsb;

    /// <summary>The writer's reusable document buffer (writes are single-threaded, one transaction at a time).</summary>
    private readonly ArrayBufferWriter<byte> _buffer = new(4096);

    public DocStoreEngine(EngineConfig config)
    {
        var fields = new FieldDictionary();
        _people = new PersonCodec(fields);
        _ycsb = new YcsbCodec(fields);
        var options = new StorageOptions
        {
            Durability = config.Durability switch
            {
                CommitDurability.Full => Durability.Full,
                CommitDurability.Normal => Durability.Normal,
                _ => Durability.None,
            },
            CacheSizePages = config.CachePages ?? new StorageOptions().CacheSizePages,
        };
        _path = config.Durability == CommitDurability.InMemory ? null : Path.Combine(config.Directory, "docstore.db");
        _engine = StorageEngine.Open(_path ?? StorageEngine.InMemory, options);
        using var tx = _engine.BeginWrite();
        foreach (var name in (ReadOnlySpan<string>)[PeopleTree, EmailTree, AgeTree, CityTree, TagTree, UserTable])
        {
            tx.OpenOrCreateTree(name);
        }

        tx.Commit();
    }

    public string Name => "DocStore";

    public long FileBytes => _path is null ? 0 : FileLength(_path) + FileLength(_path + "-wal");

    public void Dispose() => _engine.Dispose();

    private static long FileLength(string path) => File.Exists(path) ? new FileInfo(path).Length : 0;

    private static Tree Open(Transaction tx, string name) =>
        tx.OpenTree(name) ?? throw new InvalidOperationException($"The adapter's tree '{name}' is missing.");

    private ReadOnlySpan<byte> Encode(Data.Person person)
    {
        _buffer.ResetWrittenCount();
        _people.Write(person, _buffer);
        return _buffer.WrittenSpan;
    }
}
