using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// Point get by primary key with uniformly random keys: "warm" over 10K documents with the default cache,
/// "cold" over the cold-set size with a 16-page cache (SQLite: <c>cache_size=16</c>), so most reads miss the
/// engine's cache (the OS page cache still holds the file: this measures the engine's miss path, not the disk).
/// </summary>
public sealed class GetWorkload(string name, bool cold) : Workload(name, "get")
{
    public override int? CachePages => cold ? 16 : null;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        var count = cold ? scale.ColdDocuments : scale.WarmDocuments;
        PeopleLoader.Load(engine, count);
        return new Run(engine, seed, count, Name);
    }

    private sealed class Run(IDocumentEngine engine, int seed, int count, string name) : OperationRun(engine, seed)
    {
        private long _id;

        protected override void Prepare() => _id = Random.NextInt64(1, count + 1);

        protected override void Execute()
        {
            if (Engine.GetById(_id) is not { } person || person.Id != _id)
            {
                throw new VerificationException($"{Engine.Name}: {name}: Get({_id}) did not return person {_id}");
            }
        }

        public override void Verify() => PeopleLoader.VerifySample(Engine, count, name);
    }
}
