using System.Globalization;

namespace DocStore.KillSoak;

/// <summary>
/// The child's upkeep beside its writers: every <see cref="Soak.UpkeepPace"/> acknowledged transactions it
/// compacts in place, writes a dense copy (<c>Compact(path)</c>) or backs up, in turn, printing a line before
/// and after each call through the writers' output lock. The order of the lines is then the order of
/// events: what was acknowledged before <c>upkeep begin</c> must be in the call's result, and what was begun
/// after <c>upkeep done</c> cannot be.
/// </summary>
public static class SoakUpkeep
{
    /// <summary>The kinds of call, in the order the child rotates through them.</summary>
    public static readonly string[] Kinds = ["compact", "copy", "backup"];

    public static string Begin(string kind, int number) => string.Create(CultureInfo.InvariantCulture, $"upkeep begin {kind} {number} {SoakLog.End}");

    public static string Done(string kind, int number) => string.Create(CultureInfo.InvariantCulture, $"upkeep done {kind} {number} {SoakLog.End}");

    /// <summary>Where call <paramref name="number"/> of a run writes its copy, beside the database.</summary>
    public static string CopyPath(string path, int number) => string.Create(CultureInfo.InvariantCulture, $"{path}.copy{number}");

    /// <summary>Runs the calls, one each time <paramref name="due"/> is released, until one throws.</summary>
    public static async Task RunAsync(SoakDb db, string path, SemaphoreSlim due, Action<string> print)
    {
        for (var number = 1; ; number++)
        {
            await due.WaitAsync();
            var kind = Kinds[(number - 1) % Kinds.Length];
            print(Begin(kind, number));
            switch (kind)
            {
                case "compact":
                    db.Compact();
                    break;
                case "copy":
                    db.Compact(CopyPath(path, number));
                    break;
                default:
                    db.Backup(CopyPath(path, number), overwrite: true);
                    break;
            }

            print(Done(kind, number));
        }
    }

    /// <summary>The calls of one run, with each writer's transaction counts around them, in order.</summary>
    public static List<UpkeepCall> Parse(IEnumerable<string> lines)
    {
        var acknowledged = new int[Soak.Writers];
        var begun = new int[Soak.Writers];
        var calls = new SortedDictionary<int, UpkeepCall>();
        foreach (var parts in lines.Select(line => line.Split(' ')).Where(parts => parts[^1] == SoakLog.End && parts.Length >= 4))
        {
            switch (parts[0])
            {
                case "begin":
                    begun[int.Parse(parts[1], CultureInfo.InvariantCulture)]++;
                    break;
                case "ack":
                    acknowledged[int.Parse(parts[1], CultureInfo.InvariantCulture)]++;
                    break;
                case "upkeep" when parts.Length == 5:
                    var number = int.Parse(parts[3], CultureInfo.InvariantCulture);
                    if (parts[1] == "begin")
                    {
                        calls[number] = new UpkeepCall(parts[2], number, [.. acknowledged], null);
                    }
                    else if (calls.TryGetValue(number, out var call))
                    {
                        calls[number] = call with { BegunBeforeDone = [.. begun] };
                    }

                    break;
            }
        }

        return [.. calls.Values];
    }

    /// <summary>One upkeep call.</summary>
    /// <param name="Kind">One of <see cref="Kinds"/>.</param>
    /// <param name="Number">Counted from 1 in the run; names the copy.</param>
    /// <param name="AcknowledgedBefore">Per writer, the transactions acknowledged before the call began: all must be in its result.</param>
    /// <param name="BegunBeforeDone">Per writer, the transactions begun before the call returned, or null if the kill came first.</param>
    public sealed record UpkeepCall(string Kind, int Number, int[] AcknowledgedBefore, int[]? BegunBeforeDone);
}
