using System.Runtime.CompilerServices;
using System.Text;

namespace DocStore.Collections.Changes;

/// <summary>
/// The enumeration behind every <c>Changes()</c>: reads the change log after the resume position in
/// snapshots, yields whole transactions in commit order, and waits for the next commit when it has caught
/// up. A commit of this process wakes it at once (<see cref="Engine.CommitSignal"/>), and so do the
/// context's disposal and cancellation; commits of other processes are taken in by the next snapshot, which
/// follows the shared file, so a shared open also looks again every <see cref="FollowInterval"/>.
/// </summary>
internal static class ChangeFeed
{
    /// <summary>How often a feed on a shared open looks for commits of other processes.</summary>
    internal static readonly TimeSpan FollowInterval = TimeSpan.FromMilliseconds(50);

    /// <summary>The feed of <paramref name="collection"/> (all collections when null), each entry turned into a change by <paramref name="decode"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="resumeAfter"/> is not a resume token of this database.</exception>
    /// <exception cref="ChangeTokenExpiredException">Retention removed changes after <paramref name="resumeAfter"/> (thrown on the first move, or later when a slow consumer is overtaken).</exception>
    /// <exception cref="InvalidOperationException">The file has no change log and the context's options do not turn it on.</exception>
    public static IAsyncEnumerable<TChange> Run<TChange>(DocStoreContext context, string? resumeAfter, string? collection, Func<ChangeRecord, TChange> decode, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.ThrowIfDisposed();
        var after = resumeAfter is null ? (ChangeToken?)null : ChangeToken.Parse(resumeAfter, nameof(resumeAfter));
        var engine = context.Engine;
        return Enumerate(context, engine, after, collection is null ? null : Encoding.UTF8.GetBytes(collection), decode, cancellationToken);
    }

    private static async IAsyncEnumerable<TChange> Enumerate<TChange>(DocStoreContext context, Engine.StorageEngine engine, ChangeToken? after, byte[]? collection, Func<ChangeRecord, TChange> decode, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var checkedLog = false;
        var cache = new ChangeReadCache();

        // One registration for the whole enumeration: a wait per commit must not add one each.
        var cancelled = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        using var registration = cancellationToken.Register(static s => ((TaskCompletionSource)s!).TrySetResult(), cancelled);
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            context.ThrowIfDisposed();

            // Taken before reading, so a commit that lands after the snapshot still wakes the wait.
            var committed = engine.Commits.Next();
            var batch = ChangeLogReader.Read(engine, after, collection, cache);
            if (!checkedLog)
            {
                if (!batch.HasLog && context.Options.ChangeRetention is null)
                {
                    throw new InvalidOperationException($"'{engine.Name}' has no change log: open it with DocStoreOptions.ChangeRetention set to record changes (docs/guide/change-feed.md).");
                }

                checkedLog = true;
            }

            var moved = batch.Last != after?.Position;
            after = batch.Last is { } last ? new ChangeToken(last, batch.Log) : null;
            foreach (var record in batch.Records)
            {
                // A cancelled feed ends at its next move, not after the rest of its batch.
                cancellationToken.ThrowIfCancellationRequested();
                yield return decode(record);
            }

            if (!moved)
            {
                // Woken by a commit, the context's disposal or cancellation; the loop's checks then end it.
                var woken = engine.FollowsAnotherProcess
                    ? Task.WhenAny(committed, context.Closed, cancelled.Task, Task.Delay(FollowInterval, CancellationToken.None))
                    : Task.WhenAny(committed, context.Closed, cancelled.Task);
                await woken.ConfigureAwait(false);
            }
        }
    }
}
