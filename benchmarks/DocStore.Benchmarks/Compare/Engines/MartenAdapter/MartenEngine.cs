using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines.Postgres;
using JasperFx;
using Marten;
using Marten.Schema;

namespace DocStore.Benchmarks.Compare.Engines.MartenAdapter;

/// <summary>
/// Marten as its documentation has an application use it, the peer of the <c>pg_*</c> rows: one
/// <see cref="DocumentStore"/> over its own schema, <c>Person</c> with a unique computed index on Email
/// and a computed index on Age, System.Text.Json serialization, a query session per read and a
/// lightweight session per write (<c>Store</c>/<c>Update</c>, then <c>SaveChangesAsync</c>: one transaction).
/// Marten's API is asynchronous; the harness measures it synchronously, waiting on each call.
/// </summary>
internal sealed partial class MartenEngine : IDocumentEngine
{
    private readonly DocumentStore _store;
    private readonly string _schema;

    public MartenEngine()
    {
        _schema = BenchmarkPostgres.NewSchema("marten");
        _store = DocumentStore.For(options =>
        {
            options.Connection(BenchmarkPostgres.ConnectionString);
            options.DatabaseSchemaName = _schema;
            options.AutoCreateSchemaObjects = AutoCreate.All;
            options.UseSystemTextJsonForSerialization();
            options.DisableNpgsqlLogging = true;
            options.Schema.For<Person>()
                .Identity(p => p.Id)
                .UniqueIndex(UniqueIndexType.Computed, p => p.Email)
                .Index(p => p.Age);
        });
        _store.Storage.ApplyAllConfiguredChangesToDatabaseAsync().GetAwaiter().GetResult();
    }

    public string Name => "Marten";

    public long FileBytes => 0;

    /// <summary>Marten's calls are asynchronous: their continuations, and what they allocate, run on the thread pool.</summary>
    public bool AllocatesOnOtherThreads => true;

    public IPersonReader CreateReader() => new Reader(this);

    public void Dispose()
    {
        _store.Dispose();
        BenchmarkPostgres.DropSchema(_schema);
    }

    public void YcsbInsert(ReadOnlySpan<(string Key, YcsbRecord Record)> records) => throw Unsupported();

    public bool YcsbRead(string key, YcsbRecord into) => throw Unsupported();

    public void YcsbUpdate(string key, int field, string value) => throw Unsupported();

    public void YcsbReadModifyWrite(string key, int field, string value, YcsbRecord into) => throw Unsupported();

    public int YcsbScan(string startKey, int count, YcsbRecord into) => throw Unsupported();

    // The Marten adapter serves the pg_* rows only, which store people.
    private static NotSupportedException Unsupported() => new("compare: the Marten adapter runs the pg_* rows only (people, not YCSB records).");

    private sealed class Reader(MartenEngine owner) : IPersonReader
    {
        public Person? GetById(long id) => owner.GetById(id);

        public void Dispose()
        {
        }
    }
}
