using DocStore.TestShared;

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
    /// <summary>Runs the calls, one each time <paramref name="due"/> is released, until one throws.</summary>
    public static async Task RunAsync(SoakDb db, string path, SemaphoreSlim due, Action<string> print)
    {
        for (var number = 1; ; number++)
        {
            await due.WaitAsync();
            var kind = UpkeepLog.Kinds[(number - 1) % UpkeepLog.Kinds.Length];
            print(UpkeepLog.Begin(kind, number));
            switch (kind)
            {
                case "compact":
                    db.Compact();
                    break;
                case "copy":
                    db.Compact(UpkeepLog.CopyPath(path, number));
                    break;
                default:
                    db.Backup(UpkeepLog.CopyPath(path, number), overwrite: true);
                    break;
            }

            print(UpkeepLog.Done(kind, number));
        }
    }
}
