using System.Globalization;
using DocStore;

namespace DocStore.TestShared;

/// <summary>
/// The upkeep lines that the crash host's <c>upkeep</c> mode and the kill soak's child print through the same
/// lock as their writers' lines (this file is linked into both), so their order in the output is the order of events: an <c>ack</c> before
/// <c>upkeep begin</c> was acknowledged before the call started, and a transaction whose <c>begin</c> comes
/// after <c>upkeep done</c> cannot be in what the call wrote.
/// </summary>
public static class UpkeepLog
{
    // Ends every complete line, as the writers' lines do: a line cut by the kill lacks it.
    private const string End = ".";

    /// <summary>The kinds of upkeep call, in the order the workload rotates through them.</summary>
    public static readonly string[] Kinds = ["compact", "copy", "backup"];

    /// <summary>The line printed before call <paramref name="number"/> of <paramref name="kind"/> starts.</summary>
    public static string Begin(string kind, int number) => string.Create(CultureInfo.InvariantCulture, $"upkeep begin {kind} {number} {End}");

    /// <summary>The line printed after call <paramref name="number"/> returned.</summary>
    public static string Done(string kind, int number) => string.Create(CultureInfo.InvariantCulture, $"upkeep done {kind} {number} {End}");

    /// <summary>Where call <paramref name="number"/> (a dense copy or a backup) writes beside the database at <paramref name="path"/>.</summary>
    public static string CopyPath(string path, int number) => string.Create(CultureInfo.InvariantCulture, $"{path}.copy{number}");

    /// <summary>
    /// Runs the calls beside the writers, one each time <paramref name="due"/> is released, printing a line
    /// before and after each, until one throws: in-place compaction, a dense copy and a backup in turn.
    /// </summary>
    public static async Task RunAsync(DocStoreContext db, string path, SemaphoreSlim due, Action<string> print)
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

    /// <summary>Reads the upkeep calls of one run, with each writer's transaction counts around them.</summary>
    /// <param name="lines">The lines the process printed.</param>
    /// <param name="writers">The number of writers.</param>
    /// <returns>The calls that began, in order.</returns>
    public static List<UpkeepCall> Parse(IEnumerable<string> lines, int writers)
    {
        var acknowledged = new int[writers];
        var begun = new int[writers];
        var calls = new Dictionary<int, UpkeepCall>();
        foreach (var line in lines)
        {
            var parts = line.Split(' ');
            if (parts[^1] != End || parts.Length < 4)
            {
                continue;
            }

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

        return [.. calls.Values.OrderBy(call => call.Number)];
    }

    /// <summary>One upkeep call.</summary>
    /// <param name="Kind">One of <see cref="Kinds"/>.</param>
    /// <param name="Number">Its number, counted from 1 in the run.</param>
    /// <param name="AcknowledgedBefore">Per writer, the transactions acknowledged before the call began: all must be in its result.</param>
    /// <param name="BegunBeforeDone">Per writer, the transactions begun before the call returned (none may be in its result beyond these), or null if it never returned.</param>
    public sealed record UpkeepCall(string Kind, int Number, int[] AcknowledgedBefore, int[]? BegunBeforeDone);
}
