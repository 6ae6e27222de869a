using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;

namespace DocStore.Collections.Changes;

/// <summary>
/// The enumeration behind every <c>Changes()</c>: reads the change log after the resume position in
/// snapshots, yields whole transactions in commit order, and waits for the next commit when it has caught
/// up. A commit of this process wakes it at once (<see cref="Engine.CommitSignal"/>); commits of other
/// processes are taken in by the next snapshot, which follows the shared file, so a shared open also
/// looks again every <see cref="FollowInterval"/>.
/// </summary>
internal static class ChangeFeed
{
    /// <summary>How often a feed on a shared open looks for commits of other processes.</summary>
    internal static readonly TimeSpan FollowInterval = TimeSpan.FromMilliseconds(50);

    // A feed that waits for a local commit still looks again now and then, to end once its database closed.
    private static readonly TimeSpan IdleInterval = TimeSpan.FromSeconds(1);

    /// <summary>The feed of <paramref name="collection"/> (all collections when null), each entry turned into a change by <paramref name="decode"/>.</summary>
    /// <exception cref="ArgumentException"><paramref name="resumeAfter"/> is not a resume token of this database.</exception>
    /// <exception cref="ChangeTokenExpiredException">Retention removed changes after <paramref name="resumeAfter"/> (thrown on the first move, or later when a slow consumer is overtaken).</exception>
    /// <exception cref="InvalidOperationException">The file has no change log and the context's options do not turn it on.</exception>
    public static IAsyncEnumerable<TChange> Run<TChange>(DocStoreContext context, string? resumeAfter, string? collection, Func<ChangeRecord, TChange> decode, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(context);
        context.ThrowIfDisposed();
        var after = ParseToken(resumeAfter);
        var engine = context.Engine;
        return Enumerate(context, engine, after, resumeAfter, collection is null ? null : Encoding.UTF8.GetBytes(collection), decode, cancellationToken);
    }

    /// <summary>The token of a change at <paramref name="position"/>.</summary>
    public static string Token(long position) => position.ToString(CultureInfo.InvariantCulture);

    private static async IAsyncEnumerable<TChange> Enumerate<TChange>(DocStoreContext context, Engine.StorageEngine engine, long? after, string? token, byte[]? collection, Func<ChangeRecord, TChange> decode, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var checkedLog = false;
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            context.ThrowIfDisposed();

            // Taken before reading, so a commit that lands after the snapshot still wakes the wait.
            var committed = engine.Commits.Next();
            var batch = ChangeLogReader.Read(engine, after, collection, token);
            if (!checkedLog)
            {
                if (!batch.HasLog && context.Options.ChangeRetention is null)
                {
                    throw new InvalidOperationException($"'{engine.Name}' has no change log: open it with DocStoreOptions.ChangeRetention set to record changes (docs/guide/change-feed.md).");
                }

                checkedLog = true;
            }

            var moved = batch.Last != after;
            after = batch.Last;
            foreach (var record in batch.Records)
            {
                yield return decode(record);
            }

            if (!moved)
            {
                var interval = engine.FollowsAnotherProcess ? FollowInterval : IdleInterval;
                await Task.WhenAny(committed, Task.Delay(interval, cancellationToken)).ConfigureAwait(false);
            }
        }
    }

    private static long? ParseToken(string? resumeAfter)
    {
        if (resumeAfter is null)
        {
            return null;
        }

        return long.TryParse(resumeAfter, NumberStyles.None, CultureInfo.InvariantCulture, out var position)
            ? position
            : throw new ArgumentException($"'{resumeAfter}' is not a change feed resume token (take one from DocumentChange.ResumeToken).", nameof(resumeAfter));
    }
}
