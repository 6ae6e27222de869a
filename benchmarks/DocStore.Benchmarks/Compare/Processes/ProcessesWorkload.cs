using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Compare.Processes;

/// <summary>
/// One writer process committing single updates while <c>readers</c> reader processes do random gets, all on
/// the file the parent loaded: DocStore opened <see cref="DocStoreSharing.Shared"/> (readers read-only) against
/// SQLite in WAL mode. Throughput is the readers' gets per second summed over the processes; the writer's
/// commits per second go in <see cref="ResultRecord.WriterOpsPerSec"/>. The children stay up for the whole row
/// and run each round on a line from the parent (<see cref="PeerChild"/>).
/// </summary>
public sealed class ProcessesWorkload(string name, int readers) : Workload(name, "get")
{
    /// <summary>The engines of every <c>procs_*</c> row, whatever <c>--engines</c> selected.</summary>
    public static IReadOnlyList<string> Engines => PeerEngines.Names;

    public override IReadOnlyList<string> EnginesFor(IReadOnlyList<string> selected) => PeerEngines.Names;

    public override bool Accepts(IDocumentEngine engine) => PeerEngines.Describe(engine) is not null;

    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        PeopleLoader.Load(engine, scale.WarmDocuments);
        var (engineName, directory) = PeerEngines.Describe(engine)!.Value;
        var seeds = new Random(seed);
        var children = new List<PeerProcess>();
        try
        {
            var roles = new[] { PeerRole.Writer }.Concat(Enumerable.Repeat(PeerRole.Reader, readers));
            foreach (var role in roles)
            {
                children.Add(PeerProcess.Start(engineName, directory, role, scale.WarmDocuments, seeds.Next(), scale.WarmUpQuiet, scale.MaxWarmUp));
            }

            foreach (var child in children)
            {
                child.WaitReady();
            }
        }
        catch
        {
            children.ForEach(c => c.Dispose());
            throw;
        }

        return new Run(engine, seed, scale, Name, children[0], children[1..]);
    }

    private sealed class Run(IDocumentEngine engine, int seed, Scale scale, string name, PeerProcess writer, List<PeerProcess> readers) : WorkloadRun(engine, seed)
    {
        private int _round;
        private long _writes;
        private long _writeTicks;
        private long[] _lastWritten = [];
        private int _lastRound;

        public override double? WriterOpsPerSec => _writeTicks == 0 ? null : _writes / ((double)_writeTicks / System.Diagnostics.Stopwatch.Frequency);

        public override void Measure(TimeSpan budget, RoundTotals totals)
        {
            _round++;
            writer.Begin(budget, _round);
            readers.ForEach(r => r.Begin(budget, _round));
            var results = readers.Select(r => r.Result()).ToList();
            var written = writer.Result();
            totals.Add(results.Sum(r => r.Operations), results.Max(r => r.ElapsedTicks), results.Sum(r => r.AllocatedBytes));
            foreach (var sample in results.SelectMany(r => r.Latencies))
            {
                totals.Latencies.Add(sample);
            }

            // Warm-up passes run shorter than a round; only the measured rounds count for the writer's rate.
            if (budget == scale.RoundTime)
            {
                _writes += written.Operations;
                _writeTicks += written.ElapsedTicks;
            }

            (_lastWritten, _lastRound) = (written.WrittenIds, _round);
        }

        public override void Verify()
        {
            Check.That(_lastWritten.Length > 0, Engine, $"{name}: the writer process committed nothing while the readers ran");
            foreach (var id in _lastWritten)
            {
                Check.SamePerson(PeerChild.Written(id, _lastRound), Engine.GetById(id), Engine, $"{name}: Get({id}) after the writer process's update");
            }
        }

        protected override void Dispose(bool disposing)
        {
            if (disposing)
            {
                writer.Dispose();
                readers.ForEach(r => r.Dispose());
            }

            base.Dispose(disposing);
        }
    }
}
