using DocStore.TestShared;
namespace DocStore.KillSoak;

/// <summary>
/// Checks a dense copy or backup the child completed: it opens, passes the integrity check, holds the
/// document each (key, version) stands for, and, per writer, holds exactly the state before the round plus
/// its transactions acknowledged before the call began, or those and some more it began before the call
/// returned, in order: everything acknowledged before the call, and nothing torn.
/// </summary>
internal static class CopyCheck
{
    private static readonly DocStoreOptions ReadOnly = new() { PageSize = 1024, ReadOnly = true };

    public static List<string> Check(string copyPath, Dictionary<(char, long), int> before, Dictionary<int, SoakLog.WriterLog> logs, UpkeepLog.UpkeepCall call)
    {
        var problems = new List<string>();
        var name = $"{call.Kind} {call.Number}";
        var found = new Dictionary<(char, long), int>();
        try
        {
            // Read-only, so no log is left beside the copy for the next call to trip on.
            using var copy = SoakDb.Open(copyPath, ReadOnly);
            problems.AddRange(copy.CheckIntegrity().Problems.Select(p => $"{name}: integrity: {p}"));
            foreach (var item in copy.SoakItems.FindAll())
            {
                found[('i', item.Id)] = item.Version;
                if (!Soak.Same(item, Soak.Item(item.Id, item.Version)))
                {
                    problems.Add($"{name}: item {item.Id} version {item.Version} does not hold the document of that version");
                }
            }

            foreach (var note in copy.SoakNotes.FindAll())
            {
                found[('n', note.Id)] = note.Version;
                if (!Soak.Same(note, Soak.Note(note.Id, note.Version)))
                {
                    problems.Add($"{name}: note {note.Id} version {note.Version} does not hold the document of that version");
                }
            }
        }
        catch (Exception e) when (e is DocStoreException or IOException)
        {
            problems.Add($"{name}: the copy does not open: {e.Message}");
            return problems;
        }

        for (var w = 0; w < Soak.Writers; w++)
        {
            var log = logs.GetValueOrDefault(w);
            var begun = (log?.Acknowledged ?? []).Concat(log?.Pending is { } pending ? [pending.Effects] : []).ToList();
            var expected = Driver.Owned(before, w);
            var acknowledged = call.AcknowledgedBefore[w];
            foreach (var effect in begun.Take(acknowledged).SelectMany(effects => effects))
            {
                effect.ApplyTo(expected);
            }

            var actual = Driver.Owned(found, w);
            var difference = Driver.Difference(expected, actual);
            for (var next = acknowledged; !Driver.Same(expected, actual) && next < call.BegunBeforeDone![w]; next++)
            {
                foreach (var effect in begun[next])
                {
                    effect.ApplyTo(expected);
                }
            }

            if (!Driver.Same(expected, actual))
            {
                problems.Add($"{name}: writer {w}'s keys in the copy are neither its {acknowledged} transactions acknowledged before the call nor those and some it began before the call returned ({difference})");
            }
        }

        return problems;
    }
}
