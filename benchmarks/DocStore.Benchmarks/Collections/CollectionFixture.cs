using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Engines.LiteDb;
using DocStore.Benchmarks.Compare.Engines.Sqlite;
using DocStore.Benchmarks.Engine;
using DocStore.Storage;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// One engine of a collection benchmark, in a scratch folder, preloaded with people 1..<see cref="Preloaded"/>
/// (the compare harness's documents: same factory, same SQLite schema and JSON serializer, same LiteDB
/// mapping and indexes). BenchmarkDotNet
/// runs each benchmark in its own process, so a process opens only the engine its benchmark measures.
/// </summary>
internal sealed class CollectionFixture : IDisposable
{
    public const int Preloaded = 10_000;
    public const int BioLength = 160;

    private readonly string _folder;

    private CollectionFixture(string folder, BenchmarkDb? docStore, SqliteEngine? sqlite, LiteDbEngine? liteDb = null)
    {
        _folder = folder;
        DocStore = docStore;
        Sqlite = sqlite;
        LiteDb = liteDb;
    }

    public BenchmarkDb? DocStore { get; }

    public SqliteEngine? Sqlite { get; }

    public LiteDbEngine? LiteDb { get; }

    /// <summary>DocStore through the typed collections; <paramref name="durability"/> Full fsyncs each commit, Normal at checkpoints.</summary>
    public static CollectionFixture OpenDocStore(Durability durability)
    {
        var path = BenchmarkFiles.NewPath("docstore.db");
        var db = BenchmarkDb.Open(path, new DocStoreOptions { Durability = durability });
        foreach (var batch in Batches())
        {
            db.People.InsertMany(batch);
        }

        return new CollectionFixture(path, db, null);
    }

    /// <summary>SQLite in WAL mode with <c>synchronous</c> FULL or NORMAL to match DocStore's Full or Normal.</summary>
    public static CollectionFixture OpenSqlite(Durability durability)
    {
        var path = BenchmarkFiles.NewPath("sqlite.db");
        var sqlite = new SqliteEngine(new EngineConfig(Path.GetDirectoryName(path)!, durability == Durability.Full ? CommitDurability.Full : CommitDurability.Normal));
        foreach (var batch in Batches())
        {
            sqlite.Insert(batch);
        }

        return new CollectionFixture(path, null, sqlite);
    }

    /// <summary>
    /// LiteDB through the compare harness's adapter (typed collection, same mapper and indexes). LiteDB has no
    /// durability setting: every commit fsyncs its log after each page, so Normal and Full are the same here.
    /// </summary>
    public static CollectionFixture OpenLiteDb(Durability durability)
    {
        var path = BenchmarkFiles.NewPath("litedb.db");
        var liteDb = new LiteDbEngine(new EngineConfig(Path.GetDirectoryName(path)!, durability == Durability.Full ? CommitDurability.Full : CommitDurability.Normal));
        foreach (var batch in Batches())
        {
            liteDb.Insert(batch);
        }

        return new CollectionFixture(path, null, null, liteDb);
    }

    public static Person Create(long id) => PersonFactory.Create(id, BioLength);

    /// <summary>Gives <paramref name="people"/> the ids after <paramref name="lastId"/> and matching unused e-mail addresses, so they can be inserted again.</summary>
    public static Person[] Renumber(Person[] people, ref long lastId)
    {
        foreach (var person in people)
        {
            person.Id = ++lastId;
            person.Email = "user" + person.Id.ToString(System.Globalization.CultureInfo.InvariantCulture) + "@example.org";
        }

        return people;
    }

    public void Dispose()
    {
        DocStore?.Dispose();
        Sqlite?.Dispose();
        LiteDb?.Dispose();
        BenchmarkFiles.DeleteDirectoryOf(_folder);
    }

    private static IEnumerable<Person[]> Batches()
    {
        for (var first = 1; first <= Preloaded; first += 1000)
        {
            yield return [.. Enumerable.Range(first, Math.Min(1000, Preloaded - first + 1)).Select(id => Create(id))];
        }
    }
}
