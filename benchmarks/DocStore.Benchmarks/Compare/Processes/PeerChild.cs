using System.Diagnostics;
using System.Globalization;
using DocStore.Benchmarks.Commands;
using DocStore.Benchmarks.Compare.Data;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Compare.Processes;

/// <summary>
/// <c>compare-peer --engine NAME --dir PATH --role reader|writer --count N --seed N --quiet-ms N --max-warmup-ms N</c>:
/// one child process of a <c>procs_*</c> row. It opens the parent's database, warms up until its runtime
/// compiles nothing new, says <c>ready</c>, then answers each <c>run MS ROUND</c> line on standard input with
/// one <see cref="PeerRound"/> line, until <c>quit</c>.
/// </summary>
internal static class PeerChild
{
    /// <summary>At most this many latencies go back per round (evenly spaced), enough for p50 and p99.</summary>
    private const int LatencySamples = 4096;

    /// <summary>The writer reports the ids of its last writes, which the parent checks after the rounds.</summary>
    private const int ReportedWrites = 100;

    public static int Run(string[] args, TextReader input, TextWriter output)
    {
        var name = CommandArgs.Text(args, "--engine") ?? throw new ArgumentException("compare-peer: --engine is missing.");
        var directory = CommandArgs.Text(args, "--dir") ?? throw new ArgumentException("compare-peer: --dir is missing.");
        var role = CommandArgs.Text(args, "--role") == "writer" ? PeerRole.Writer : PeerRole.Reader;
        var count = CommandArgs.Int(args, "--count", 0);
        var random = new Random(CommandArgs.Int(args, "--seed", 1));
        using var engine = PeerEngines.Attach(name, directory, role == PeerRole.Reader);
        var work = new Work(engine, role, count, random);
        WarmUp(work, TimeSpan.FromMilliseconds(CommandArgs.Int(args, "--quiet-ms", 300)), TimeSpan.FromMilliseconds(CommandArgs.Int(args, "--max-warmup-ms", 4000)));
        output.WriteLine("ready");
        output.Flush();

        // Anything that goes wrong ends the process with the exception on standard error, which the parent reports.
        while (input.ReadLine() is { } line && line.StartsWith("run ", StringComparison.Ordinal))
        {
            var parts = line.Split(' ');
            var budget = TimeSpan.FromMilliseconds(int.Parse(parts[1], CultureInfo.InvariantCulture));
            output.WriteLine(work.Round(budget, int.Parse(parts[2], CultureInfo.InvariantCulture)).Format());
            output.Flush();
        }

        return 0;
    }

    /// <summary>Short passes until the runtime has compiled nothing for <paramref name="quiet"/>, or <paramref name="longest"/> has passed (as the runner warms up in-process engines).</summary>
    private static void WarmUp(Work work, TimeSpan quiet, TimeSpan longest)
    {
        var started = Stopwatch.GetTimestamp();
        var quietSince = started;
        var compiled = System.Runtime.JitInfo.GetCompiledMethodCount();
        while (Stopwatch.GetElapsedTime(started) < longest)
        {
            work.Round(TimeSpan.FromMilliseconds(50), round: -1);
            var now = System.Runtime.JitInfo.GetCompiledMethodCount();
            if (now != compiled)
            {
                (compiled, quietSince) = (now, Stopwatch.GetTimestamp());
            }
            else if (Stopwatch.GetElapsedTime(quietSince) >= quiet)
            {
                return;
            }
        }
    }

    private sealed class Work(IDocumentEngine engine, PeerRole role, int count, Random random)
    {
        public PeerRound Round(TimeSpan budget, int round)
        {
            var latencies = new List<long>();
            var written = new Queue<long>();
            var begin = Stopwatch.GetTimestamp();
            var deadline = begin + (long)(budget.TotalSeconds * Stopwatch.Frequency);
            var allocatedBefore = GC.GetAllocatedBytesForCurrentThread();
            long operations = 0;
            long now;
            do
            {
                var id = random.NextInt64(1, count + 1);
                if (role == PeerRole.Writer)
                {
                    var person = Written(id, round);
                    var start = Stopwatch.GetTimestamp();
                    engine.Update(person);
                    now = Stopwatch.GetTimestamp();
                    latencies.Add(TimerOverhead.Corrected(now - start));
                    if (written.Count == ReportedWrites)
                    {
                        written.Dequeue();
                    }

                    written.Enqueue(id);
                }
                else
                {
                    var start = Stopwatch.GetTimestamp();
                    var person = engine.GetById(id);
                    now = Stopwatch.GetTimestamp();
                    latencies.Add(TimerOverhead.Corrected(now - start));
                    if (person?.Id != id)
                    {
                        throw new VerificationException($"{engine.Name}: reader process {Environment.ProcessId}: Get({id}) did not return person {id}");
                    }
                }

                operations++;
            }
            while (now < deadline);

            var step = Math.Max(1, latencies.Count / LatencySamples);
            return new PeerRound(
                operations,
                now - begin,
                GC.GetAllocatedBytesForCurrentThread() - allocatedBefore,
                [.. latencies.Where((_, i) => i % step == 0)],
                [.. written.Distinct()]);
        }
    }

    /// <summary>The document the writer stores for <paramref name="id"/> in round <paramref name="round"/>; the parent rebuilds it to check.</summary>
    public static Person Written(long id, int round)
    {
        var person = PersonFactory.Create(id, PeopleLoader.DefaultBioLength);
        person.Score = (int)((id + round + 100) % 100);
        return person;
    }
}
