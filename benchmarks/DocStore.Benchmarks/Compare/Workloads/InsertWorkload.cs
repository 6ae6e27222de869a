using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// Inserts of new people (document plus its four indexes), <paramref name="batchSize"/> per transaction,
/// under <paramref name="durability"/>. Throughput counts documents; latency is per transaction.
/// </summary>
public sealed class InsertWorkload(string name, CommitDurability durability, int batchSize)
    : Workload(name, batchSize == 1 ? "insert" : "doc")
{
    public override CommitDurability Durability => durability;

    public override int ItemsPerOp(Scale scale) => batchSize;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed) => new Run(engine, seed, batchSize, Name);

    private sealed class Run(IDocumentEngine engine, int seed, int batchSize, string name) : OperationRun(engine, seed)
    {
        private readonly Person[] _batch = new Person[batchSize];
        private long _inserted;

        public override long? Documents => _inserted;

        protected override void Prepare()
        {
            for (var i = 0; i < _batch.Length; i++)
            {
                _batch[i] = PersonFactory.Create(_inserted + i + 1, PeopleLoader.DefaultBioLength);
            }
        }

        protected override void Execute()
        {
            Engine.Insert(_batch);
            _inserted += _batch.Length;
        }

        public override void Verify()
        {
            var count = Engine.Scan(int.MaxValue, _ => { });
            Check.That(count == _inserted, Engine, $"{name}: {_inserted} inserted, a scan finds {count}");
            PeopleLoader.VerifySample(Engine, (int)_inserted, name);
            var last = PersonFactory.Create(_inserted, PeopleLoader.DefaultBioLength);
            Check.SamePerson(last, Engine.FindByEmail(last.Email), Engine, $"{name}: FindByEmail of the last insert");
        }
    }
}
