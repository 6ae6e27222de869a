using System.Diagnostics;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>
/// <c>readers</c> threads doing random gets while one writer thread commits single updates as fast as it
/// can. Throughput is the readers' gets per second (all threads together); latency and allocation are the
/// readers'. Each reader checks every answer; the writer's updates are verified afterwards.
/// </summary>
public sealed class ConcurrentReadersWorkload(string name, int readers) : Workload(name, "get")
{
    public override WorkloadRun Start(IDocumentEngine engine, Scale scale, int seed)
    {
        PeopleLoader.Load(engine, scale.WarmDocuments);
        return new Run(engine, seed, scale.WarmDocuments, readers, Name);
    }

    private sealed class Run : WorkloadRun
    {
        private readonly int _count;
        private readonly string _name;
        private readonly IPersonReader[] _readers;
        private readonly Dictionary<long, Person> _written = [];
        private int _round;

        public Run(IDocumentEngine engine, int seed, int count, int readers, string name)
            : base(engine, seed)
        {
            _count = count;
            _name = name;
            _readers = [.. Enumerable.Range(0, readers).Select(_ => engine.CreateReader())];
        }

        public override void Measure(TimeSpan budget, RoundTotals totals)
        {
            using var stop = new CancellationTokenSource();
            var writerSeed = Random.Next();
            Exception? writerFailure = null;
            var writer = new Thread(() =>
            {
                try
                {
                    Write(new Random(writerSeed), stop.Token);
                }
                catch (Exception e) when (e is InvalidOperationException or IOException or TimeoutException)
                {
                    writerFailure = e;
                }
            })
            { IsBackground = true };
            var results = new (long Ops, long Ticks, long Allocated, LatencyRecorder Latencies)[_readers.Length];
            var threads = new Thread[_readers.Length];
            var failures = new List<Exception>();
            for (var i = 0; i < threads.Length; i++)
            {
                var index = i;
                var readerSeed = Random.Next();
                threads[i] = new Thread(() =>
                {
                    try
                    {
                        results[index] = Read(_readers[index], new Random(readerSeed), budget);
                    }
                    catch (Exception e) when (e is VerificationException or InvalidOperationException)
                    {
                        lock (failures)
                        {
                            failures.Add(e);
                        }
                    }
                })
                { IsBackground = true };
            }

            writer.Start();
            foreach (var thread in threads)
            {
                thread.Start();
            }

            foreach (var thread in threads)
            {
                thread.Join();
            }

            stop.Cancel();
            writer.Join();
            _round++;
            if (writerFailure is not null)
            {
                throw new VerificationException($"{Engine.Name}: {_name}: the writer failed: {writerFailure.Message}", writerFailure);
            }

            if (failures.Count > 0)
            {
                throw new VerificationException($"{Engine.Name}: {_name}: a reader failed: {failures[0].Message}", failures[0]);
            }

            // Readers ran side by side, so the wall time is the longest reader's, not the sum.
            totals.Add(results.Sum(r => r.Ops), results.Max(r => r.Ticks), results.Sum(r => r.Allocated));
            foreach (var result in results)
            {
                totals.Latencies.AddRange(result.Latencies);
            }
        }

        private (long, long, long, LatencyRecorder) Read(IPersonReader reader, Random random, TimeSpan budget)
        {
            var latencies = new LatencyRecorder();
            var begin = Stopwatch.GetTimestamp();
            var deadline = begin + (long)(budget.TotalSeconds * Stopwatch.Frequency);
            var allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            long ops = 0;
            long now;
            do
            {
                var id = random.NextInt64(1, _count + 1);
                var start = Stopwatch.GetTimestamp();
                var person = reader.GetById(id);
                now = Stopwatch.GetTimestamp();
                latencies.Add(TimerOverhead.Corrected(now - start));
                ops++;
                if (person?.Id != id)
                {
                    throw new VerificationException($"{Engine.Name}: {_name}: Get({id}) did not return person {id}");
                }
            }
            while (now < deadline);

            return (ops, now - begin, GC.GetAllocatedBytesForCurrentThread() - allocatedBefore, latencies);
        }

        private void Write(Random random, CancellationToken stop)
        {
            while (!stop.IsCancellationRequested)
            {
                var id = random.NextInt64(1, _count + 1);
                var person = PersonFactory.Create(id, PeopleLoader.DefaultBioLength);
                person.Score = (int)((id + _round) % 100);
                Engine.Update(person);
                _written[id] = person;
            }
        }

        public override void Verify()
        {
            Check.That(_written.Count > 0, Engine, $"{_name}: the writer committed nothing while the readers ran");
            foreach (var (id, person) in _written.Take(100))
            {
                Check.SamePerson(person, Engine.GetById(id), Engine, $"{_name}: Get({id}) after the writer's update");
            }
        }

        protected override void Dispose(bool disposing)
        {
            foreach (var reader in _readers)
            {
                reader.Dispose();
            }

            base.Dispose(disposing);
        }
    }
}
