using System.Collections.Concurrent;
using System.Diagnostics;
using System.Globalization;
using DocStore.TestShared;

namespace DocStore.KillSoak;

/// <summary>
/// Runs the rounds: start a writer child (writers beside upkeep) at the round's durability, kill it at a
/// random moment, reopen the database and check that it passes the integrity check, that every document is
/// the one its (key, version) stands for, and that each writer's keys hold exactly its acknowledged
/// operations, or those and the one transaction it had begun, whole, never part of it; then check every copy
/// the child completed (<see cref="CopyCheck"/>). Problems are counted and printed, not thrown, so one run
/// reports them all.
/// </summary>
internal static class Driver
{
    public static int Run(int kills, string? directory, int seed, Durability[] durabilities)
    {
        var folder = directory ?? Path.Combine(Path.GetTempPath(), "docstore-killsoak-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        var path = Path.Combine(folder, "soak.db");
        var random = new Random(seed);
        var state = new Dictionary<(char, long), int>();
        var clock = Stopwatch.StartNew();
        var tallies = durabilities.ToDictionary(d => d, _ => new SoakTally());
        Console.WriteLine($"kill soak: {kills} kills of a writer of {path} beside upkeep, durability {string.Join(", ", durabilities)} in turn (seed {seed})");
        for (var round = 1; round <= kills; round++)
        {
            // The durability rotates per round on the same file, so each round also recovers what another left.
            var durability = durabilities[(round - 1) % durabilities.Length];
            var tally = tallies[durability];
            var problems = new List<string>();

            // Most kills land while the writers write, after 10-600 lines (5-300 transactions); one in ten counts
            // 10-300 ms from the start, so it may land in the child's startup, its recovery of the previous
            // kill, or its first writes.
            var early = random.Next(10) == 0;
            tally.Kills++;
            tally.EarlyKills += early ? 1 : 0;
            var (lines, trouble) = RunChild(path, seed + round, durability, random.Next(10, 601), random.Next(10, 301), early);
            problems.AddRange(trouble);
            var (logs, failures) = SoakLog.Parse(lines);
            problems.AddRange(failures.Select(failure => $"the writer reported: {failure}"));
            var before = state;
            var result = Check(path, durability, before, logs);
            problems.AddRange(result.Problems);
            state = result.State;
            tally.Operations += result.Operations;
            tally.Transactions += result.Transactions;
            tally.PendingCommitted += result.PendingCommitted;
            tally.PendingLost += result.PendingLost;
            foreach (var call in UpkeepLog.Parse(lines, Soak.Writers).Where(c => c.BegunBeforeDone is not null))
            {
                if (call.Kind == "compact")
                {
                    tally.Compactions++;
                    continue;
                }

                problems.AddRange(CopyCheck.Check(UpkeepLog.CopyPath(path, call.Number), before, logs, call));
                tally.Copies++;
                tally.CopiedTransactions += call.AcknowledgedBefore.Sum();
            }

            // Copies of this round only: the next round's calls number from 1 again.
            foreach (var copy in Directory.GetFiles(folder, Path.GetFileName(path) + ".copy*"))
            {
                File.Delete(copy);
            }

            foreach (var problem in problems)
            {
                Console.WriteLine($"round {round} ({durability}): {problem}");
            }

            tally.Problems += problems.Count;
            tally.RoundsWithProblems += problems.Count > 0 ? 1 : 0;
            if (round % 50 == 0 || round == kills)
            {
                Console.WriteLine(string.Create(CultureInfo.InvariantCulture,
                    $"  {round} kills, {tallies.Values.Sum(t => t.Operations)} acknowledged operations checked, {tallies.Values.Sum(t => t.Problems)} problems, {clock.Elapsed.TotalSeconds:0} s"));
            }
        }

        foreach (var (durability, tally) in tallies)
        {
            Console.WriteLine($"{durability}: {tally}");
        }

        var total = tallies.Values.Sum(t => t.Problems);
        Console.WriteLine(string.Create(CultureInfo.InvariantCulture, $"kills: {kills}; problems found: {total}; {clock.Elapsed.TotalMinutes:0.0} min"));
        if (directory is null && total == 0)
        {
            Directory.Delete(folder, recursive: true);
        }

        return total == 0 ? 0 : 1;
    }

    // Starts the child and kills it: after it printed linesAfterReady more lines once ready, or (fromStart)
    // delayMs after its start. Returns its complete output lines.
    private static (List<string> Lines, List<string> Trouble) RunChild(string path, int seed, Durability durability, int linesAfterReady, int delayMs, bool fromStart)
    {
        var trouble = new List<string>();
        var info = SelfStart();
        info.ArgumentList.Add("--writer");
        info.ArgumentList.Add(path);
        info.ArgumentList.Add(seed.ToString(CultureInfo.InvariantCulture));
        info.ArgumentList.Add(durability.ToString());
        info.RedirectStandardOutput = true;
        info.RedirectStandardError = true;
        info.UseShellExecute = false;
        var lines = new BlockingCollection<string>();
        var errors = new ConcurrentQueue<string>();
        using var child = new Process { StartInfo = info };
        child.OutputDataReceived += (_, e) =>
        {
            if (e.Data is null)
            {
                lines.CompleteAdding();
            }
            else
            {
                lines.Add(e.Data);
            }
        };
        child.ErrorDataReceived += (_, e) =>
        {
            if (e.Data is not null)
            {
                errors.Enqueue(e.Data);
            }
        };
        child.Start();
        child.BeginOutputReadLine();
        child.BeginErrorReadLine();
        var output = new List<string>();
        if (fromStart)
        {
            Thread.Sleep(delayMs);
        }
        else
        {
            // Counting lines rather than milliseconds puts the kill among writes and upkeep however loaded
            // the machine: ready means open (and recovered), and the writers print as they commit.
            for (var after = -1; after < linesAfterReady;)
            {
                if (!lines.TryTake(out var line, TimeSpan.FromMinutes(10)))
                {
                    if (!lines.IsCompleted)
                    {
                        trouble.Add("the writer printed nothing for 10 minutes");
                    }

                    break;
                }

                output.Add(line);
                after += after >= 0 || line == SoakLog.Ready ? 1 : 0;
            }
        }

        if (child.HasExited)
        {
            trouble.Add($"the writer exited by itself with code {child.ExitCode}: {string.Join(" | ", errors)}");
        }

        try
        {
            child.Kill(entireProcessTree: true);
        }
        catch (InvalidOperationException)
        {
            // Exited meanwhile.
        }

        child.WaitForExit();
        output.AddRange(lines.GetConsumingEnumerable());
        return (output, trouble);
    }

    // The child is this program: through dotnet when it runs as a dll, directly when it runs as an apphost.
    private static ProcessStartInfo SelfStart()
    {
        var process = Environment.ProcessPath!;
        if (Path.GetFileNameWithoutExtension(process).Equals("dotnet", StringComparison.OrdinalIgnoreCase))
        {
            var info = new ProcessStartInfo(process);
            info.ArgumentList.Add(typeof(Driver).Assembly.Location);
            return info;
        }

        return new ProcessStartInfo(process);
    }

    private sealed record CheckResult(Dictionary<(char, long), int> State, List<string> Problems, long Operations, long Transactions, int PendingCommitted, int PendingLost);

    // Reopens the database (running recovery) and compares it with the state before the round plus the round's log.
    private static CheckResult Check(string path, Durability durability, Dictionary<(char, long), int> before, Dictionary<int, SoakLog.WriterLog> logs)
    {
        var problems = new List<string>();
        long operations = 0, transactions = 0;
        int pendingCommitted = 0, pendingLost = 0;
        var found = new Dictionary<(char, long), int>();
        try
        {
            using var db = SoakDb.Open(path, Soak.Options(durability));
            var report = db.CheckIntegrity();
            problems.AddRange(report.Problems.Select(p => "integrity: " + p));
            foreach (var item in db.SoakItems.FindAll())
            {
                found[('i', item.Id)] = item.Version;
                if (!Soak.Same(item, Soak.Item(item.Id, item.Version)))
                {
                    problems.Add($"item {item.Id} version {item.Version} does not hold the document of that version");
                }
            }

            foreach (var note in db.SoakNotes.FindAll())
            {
                found[('n', note.Id)] = note.Version;
                if (!Soak.Same(note, Soak.Note(note.Id, note.Version)))
                {
                    problems.Add($"note {note.Id} version {note.Version} does not hold the document of that version");
                }
            }

            // The unique index finds each item by its code, and no code of another version.
            foreach (var ((collection, id), version) in found.Where(f => f.Key.Item1 == 'i'))
            {
                if (db.SoakItems.FindByCode(Soak.Item((int)id, version).Code)?.Id != id)
                {
                    problems.Add($"the unique index does not find item {id} version {version} by its code");
                }
            }
        }
        catch (Exception e) when (e is DocStoreException or IOException)
        {
            problems.Add($"reopening failed: {e}");
            return new CheckResult(before, problems, 0, 0, 0, 0);
        }

        for (var w = 0; w < Soak.Writers; w++)
        {
            var expected = Owned(before, w);
            var log = logs.GetValueOrDefault(w);
            foreach (var effects in log?.Acknowledged ?? [])
            {
                transactions++;
                operations += effects.Length;
                foreach (var effect in effects)
                {
                    effect.ApplyTo(expected);
                }
            }

            var actual = Owned(found, w);
            if (Same(expected, actual))
            {
                pendingLost += log?.Pending is null ? 0 : 1;
                continue;
            }

            if (log?.Pending is { } pending)
            {
                var withPending = new Dictionary<(char, long), int>(expected);
                foreach (var effect in pending.Effects)
                {
                    effect.ApplyTo(withPending);
                }

                if (Same(withPending, actual))
                {
                    pendingCommitted++;
                    continue;
                }

                problems.Add($"writer {w}: the file holds neither its acknowledged operations ({Difference(expected, actual)}) nor those and its transaction {pending.Tx} in flight ({Difference(withPending, actual)})");
            }
            else
            {
                problems.Add($"writer {w}: the file differs from its acknowledged operations ({Difference(expected, actual)}) with no transaction in flight");
            }
        }

        return new CheckResult(found, problems, operations, transactions, pendingCommitted, pendingLost);
    }

    internal static Dictionary<(char, long), int> Owned(Dictionary<(char, long), int> state, int writer) =>
        state.Where(pair => Soak.Owner(pair.Key.Item2) == writer).ToDictionary();

    internal static bool Same(Dictionary<(char, long), int> a, Dictionary<(char, long), int> b) =>
        a.Count == b.Count && a.All(pair => b.TryGetValue(pair.Key, out var version) && version == pair.Value);

    internal static string Difference(Dictionary<(char, long), int> expected, Dictionary<(char, long), int> actual)
    {
        var missing = expected.Where(p => !actual.TryGetValue(p.Key, out var v) || v != p.Value).Select(p => $"{p.Key.Item1}{p.Key.Item2}.{p.Value} missing");
        var extra = actual.Where(p => !expected.TryGetValue(p.Key, out var v) || v != p.Value).Select(p => $"{p.Key.Item1}{p.Key.Item2}.{p.Value} unexpected");
        return string.Join(", ", missing.Concat(extra).Take(10));
    }
}
