using BenchmarkDotNet.Attributes;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Storage;

namespace DocStore.Benchmarks.Collections;

/// <summary>
/// Deleting one person (the document and its four index entries) per transaction, from a collection of
/// 10,000 or more. Each iteration deletes exactly <see cref="FixedInvocationsConfig.OperationsPerIteration"/>
/// people that its untimed <c>[IterationSetup]</c> inserted, so every delete finds a document. Durability as
/// in <see cref="CollectionUpdateBenchmarks"/>: DocStore Normal, SQLite WAL + <c>synchronous=NORMAL</c>,
/// LiteDB its only mode (an fsync per log page at every commit).
/// </summary>
[Config(typeof(FixedInvocationsConfig))]
public class CollectionDeleteBenchmarks
{
    private const string Delete = "Delete";

    private readonly Person[] _victims = [.. Enumerable.Range(1, FixedInvocationsConfig.OperationsPerIteration).Select(id => CollectionFixture.Create(id))];
    private CollectionFixture? _fixture;
    private long _nextVictim;
    private long _lastInserted = 1_000_000;

    [GlobalSetup(Target = nameof(Delete_DocStore))]
    public void SetupDocStore() => _fixture = CollectionFixture.OpenDocStore(Durability.Normal);

    [GlobalSetup(Target = nameof(Delete_Sqlite))]
    public void SetupSqlite() => _fixture = CollectionFixture.OpenSqlite(Durability.Normal);

    [GlobalSetup(Target = nameof(Delete_LiteDb))]
    public void SetupLiteDb() => _fixture = CollectionFixture.OpenLiteDb(Durability.Normal);

    [IterationSetup(Target = nameof(Delete_DocStore))]
    public void RefillDocStore() => _fixture!.DocStore!.People.InsertMany(NextVictims());

    [IterationSetup(Target = nameof(Delete_Sqlite))]
    public void RefillSqlite() => _fixture!.Sqlite!.Insert(NextVictims());

    [IterationSetup(Target = nameof(Delete_LiteDb))]
    public void RefillLiteDb() => _fixture!.LiteDb!.Insert(NextVictims());

    [GlobalCleanup]
    public void Cleanup() => _fixture?.Dispose();

    [Benchmark(Baseline = true), BenchmarkCategory(Delete)]
    public void Delete_Sqlite()
    {
        if (!_fixture!.Sqlite!.Delete(_nextVictim++))
        {
            throw new InvalidOperationException("SQLite: the person to delete is missing.");
        }
    }

    [Benchmark, BenchmarkCategory(Delete)]
    public void Delete_DocStore()
    {
        if (!_fixture!.DocStore!.People.Delete(_nextVictim++))
        {
            throw new InvalidOperationException("DocStore: the person to delete is missing.");
        }
    }

    [Benchmark, BenchmarkCategory(Delete)]
    public void Delete_LiteDb()
    {
        if (!_fixture!.LiteDb!.Delete(_nextVictim++))
        {
            throw new InvalidOperationException("LiteDB: the person to delete is missing.");
        }
    }

    /// <summary>The next batch of people to delete, with ids and e-mail addresses no one has used.</summary>
    private Person[] NextVictims()
    {
        _nextVictim = _lastInserted + 1;
        return CollectionFixture.Renumber(_victims, ref _lastInserted);
    }
}
