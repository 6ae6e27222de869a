using System.Globalization;
using DocStore.Bson.Model;
using DocStore.CrashHost.Soak;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// What the writers printed, and the check of the database against it once every process is gone: each
/// acknowledged batch is there, whole, at the commit number its writer printed; a batch no one acknowledged
/// is there only as the one its writer had in flight when killed; a rolled-back batch never is; the
/// commit numbers run 1..N without a gap or a repeat; the snapshot invariants hold; and every index
/// answers what a scan of its collection says.
/// </summary>
internal sealed class SoakLedger
{
    private readonly Dictionary<string, (int Size, long Seq)> _begun = [];
    private readonly Dictionary<string, long> _acknowledged = [];
    private readonly HashSet<string> _rolled = [];
    private readonly HashSet<string> _inFlight = [];

    public SoakLedger(IEnumerable<SoakMember> writers)
    {
        foreach (var generation in writers.SelectMany(w => w.Generations))
        {
            string? pending = null;
            foreach (var parts in generation.Lines.Select(l => l.Split(' ')))
            {
                switch (parts)
                {
                    case ["begin", var batch, var size, var seq]:
                        _begun[batch] = (int.Parse(size, CultureInfo.InvariantCulture), long.Parse(seq, CultureInfo.InvariantCulture));
                        pending = batch;
                        break;
                    case ["ack", var batch, var seq]:
                        _acknowledged[batch] = long.Parse(seq, CultureInfo.InvariantCulture);
                        pending = null;
                        break;
                    case ["rolled", var batch]:
                        _rolled.Add(batch);
                        break;
                }
            }

            if (pending is not null && generation.Killed)
            {
                _inFlight.Add(pending);
            }
        }
    }

    /// <summary>Acknowledged commits.</summary>
    public int Acknowledged => _acknowledged.Count;

    /// <summary>The highest commit number acknowledged by the writers given.</summary>
    public static long HighestAcknowledged(SoakMember writer) =>
        writer.Generations.SelectMany(g => g.Lines).Where(l => l.StartsWith("ack ", StringComparison.Ordinal))
            .Select(l => long.Parse(l.Split(' ')[2], CultureInfo.InvariantCulture)).DefaultIfEmpty(0).Max();

    /// <summary>Opens the database (the first open after every process died recovers it) and returns what is wrong, plus how many in-flight batches were found committed.</summary>
    public (List<string> Problems, int InFlightCommitted) Check(string path)
    {
        var problems = new List<string>();
        using var db = DocStoreDatabase.Open(path, SharedSoak.WriterOptions);
        var integrity = db.CheckIntegrity();
        problems.AddRange(integrity.Problems.Select(p => "integrity: " + p));
        if (SharedSoak.Check(db).Problem is { } invariant)
        {
            problems.Add(invariant);
        }

        var accounts = db.GetCollection("accounts");
        var entries = db.GetCollection("entries");
        using var tx = db.BeginTransaction();
        var stored = entries.Scan(tx).ToList();
        var batches = stored.GroupBy(e => e["batch"].AsString).ToDictionary(g => g.Key, g => g.ToList());
        var inFlightCommitted = 0;
        foreach (var (batch, documents) in batches)
        {
            if (!_begun.TryGetValue(batch, out var begun))
            {
                problems.Add(_rolled.Contains(batch) ? $"rolled-back batch {batch} is there" : $"batch {batch} is there but was never begun");
                continue;
            }

            var seq = documents[0]["seq"].AsInt64;
            if (documents.Count != begun.Size || documents.Any(d => d["seq"].AsInt64 != begun.Seq))
            {
                problems.Add($"batch {batch} holds {documents.Count} of its {begun.Size} entries at commit {seq}, begun as commit {begun.Seq}");
            }

            if (!_acknowledged.ContainsKey(batch))
            {
                inFlightCommitted += _inFlight.Contains(batch) ? 1 : 0;
                if (!_inFlight.Contains(batch))
                {
                    problems.Add($"batch {batch} is there, but its writer neither acknowledged it nor was killed with it in flight");
                }
            }
        }

        problems.AddRange(_acknowledged.Where(a => !batches.ContainsKey(a.Key)).Take(10).Select(a => $"acknowledged batch {a.Key} (commit {a.Value}) is missing"));
        var seqs = batches.Values.Select(d => d[0]["seq"].AsInt64).Order().ToList();
        if (!seqs.SequenceEqual(Enumerable.Range(1, seqs.Count).Select(i => (long)i)))
        {
            problems.Add($"the commit numbers of the {seqs.Count} batches are not 1..{seqs.Count}: a commit was lost or built on a stale view");
        }

        problems.AddRange(IndexProblems(tx, accounts, entries, stored));
        return (problems, inFlightCommitted);
    }

    // Each index's answer for each value equals the documents a scan finds with that value.
    private static IEnumerable<string> IndexProblems(DocStoreTransaction tx, BsonCollection accounts, BsonCollection entries, List<BsonDocument> stored)
    {
        foreach (var group in stored.GroupBy(e => e["batch"].AsString))
        {
            if (Keys(entries.Find(tx, "batch", group.Key)) != Keys(group))
            {
                yield return $"index batch: {group.Key} does not find its {group.Count()} entries";
            }
        }

        foreach (var group in stored.GroupBy(e => e["account"].AsInt64))
        {
            if (entries.CountBy(tx, "account", group.Key) != group.Count())
            {
                yield return $"index account: {group.Key} does not count its {group.Count()} entries";
            }
        }

        foreach (var entry in stored)
        {
            if (entries.FindOne(tx, "code", entry["code"])?["_id"].AsString != entry["_id"].AsString)
            {
                yield return $"unique index code: {entry["code"]} does not find entry {entry["_id"]}";
            }
        }

        var all = accounts.Scan(tx).ToList();
        foreach (var group in all.Where(a => a.TryGetValue("tier", out _)).GroupBy(a => a["tier"].AsInt64))
        {
            if (Keys(accounts.Find(tx, "tier", group.Key)) != Keys(group))
            {
                yield return $"index tier: {group.Key} does not find its {group.Count()} accounts";
            }
        }

        foreach (var group in all.Where(a => a.TryGetValue("last", out var last) && !last.IsNull).GroupBy(a => a["last"].AsString))
        {
            if (Keys(accounts.Find(tx, "last", group.Key)) != Keys(group))
            {
                yield return $"index last: {group.Key} does not find its {group.Count()} accounts";
            }
        }
    }

    private static string Keys(IEnumerable<BsonDocument> documents) =>
        string.Join(',', documents.Select(d => d["_id"].ToString()).Order(StringComparer.Ordinal));
}
