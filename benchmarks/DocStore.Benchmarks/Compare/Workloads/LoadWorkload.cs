using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// The scale test: load ~1 KiB people in transactions of 1,000 (Normal durability) until the engine holds
/// the scale's load size (1M in full runs; skipped in quick and smoke). Each round loads an equal share,
/// so engines still alternate. Throughput counts documents; the file size is the final one.
/// </summary>
public sealed class LoadWorkload(string name) : Workload(name, "doc")
{
    public const int BatchSize = 1000;
    public const int BioLength = 800;

    public override int ItemsPerOp(Scale scale) => BatchSize;

    public override bool WarmsUp => false;

    public override bool RunsAt(Scale scale) => scale.LoadDocuments > 0;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed) =>
        new Run(engine, seed, scale.LoadDocuments / BatchSize / scale.Rounds, Name);

    private sealed class Run(IDocumentEngine engine, int seed, int batchesPerRound, string name) : OperationRun(engine, seed)
    {
        private readonly Person[] _batch = new Person[BatchSize];
        private long _loaded;

        protected override void Prepare()
        {
            for (var i = 0; i < _batch.Length; i++)
            {
                _batch[i] = PersonFactory.Create(_loaded + i + 1, BioLength);
            }
        }

        protected override void Execute()
        {
            Engine.Insert(_batch);
            _loaded += _batch.Length;
        }

        /// <summary>A fixed share of the load per round, not a time budget: every engine loads the same total.</summary>
        public override void Measure(TimeSpan budget, RoundTotals totals)
        {
            for (var i = 0; i < batchesPerRound; i++)
            {
                base.Measure(TimeSpan.Zero, totals);
            }
        }

        public override void Verify()
        {
            PeopleLoader.VerifySample(Engine, (int)_loaded, name, BioLength);
            var last = PersonFactory.Create(_loaded, BioLength);
            Check.SamePerson(last, Engine.FindByEmail(last.Email), Engine, $"{name}: FindByEmail of the last document");
        }
    }
}
