using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines.Postgres;
using DocStore.PostgreSQL;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// The same adapter over DocStore.PostgreSQL (engine <c>docstore-pg</c>, the <c>pg_*</c> rows): the same
/// generated collection calls, on a context opened with <c>OpenPostgres</c> in a schema of its own.
/// </summary>
internal sealed partial class DocStoreEngine
{
    private readonly string? _schema;

    private DocStoreEngine(BenchmarkDb db, string schema)
    {
        _db = db;
        _schema = schema;
        _linq = new DocStoreFindByQueries(db);
        Name = PostgresName;
    }

    /// <summary>The engine's name in the <c>pg_*</c> rows; the peers' ratios there are to it.</summary>
    public const string PostgresName = "DocStore (PostgreSQL)";

    /// <summary>On PostgreSQL, counted as its peer is: for the whole process (its synchronous calls allocate on the calling thread only).</summary>
    public bool AllocatesOnOtherThreads => _schema is not null;

    public static DocStoreEngine OpenPostgres()
    {
        var schema = BenchmarkPostgres.NewSchema("docstore");
        return new DocStoreEngine(BenchmarkDb.OpenPostgres(BenchmarkPostgres.InSchema(schema)), schema);
    }

    private void DropSchema()
    {
        if (_schema is not null)
        {
            BenchmarkPostgres.DropSchema(_schema);
        }
    }
}
