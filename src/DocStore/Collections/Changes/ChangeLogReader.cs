using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Engine;

namespace DocStore.Collections.Changes;

/// <summary>
/// Reads the change log in one snapshot: the entries after a position, whole transactions at a time, and
/// checks that the log still holds everything after that position (docs/storage.md, "Change log").
/// </summary>
internal static class ChangeLogReader
{
    // Entries looked at per snapshot: a batch then ends at the next transaction boundary.
    private const int BatchEntries = 512;

    /// <summary>The entries after <paramref name="after"/> (null: from the oldest held), those of <paramref name="collectionUtf8"/> only when given.</summary>
    /// <param name="engine">The database.</param>
    /// <param name="after">The position the feed resumes after; null to start at the oldest entry.</param>
    /// <param name="collectionUtf8">The collection whose entries are wanted (UTF-8), or null for all.</param>
    /// <param name="token">The token the feed started from, for messages.</param>
    /// <returns>The batch; <see cref="ChangeBatch.Last"/> is the last position looked at (entries of other collections included).</returns>
    /// <exception cref="ChangeTokenExpiredException">Retention removed entries after <paramref name="after"/>.</exception>
    /// <exception cref="ArgumentException">The position is past the newest entry: the token is not from this database.</exception>
    public static ChangeBatch Read(StorageEngine engine, long? after, byte[]? collectionUtf8, string? token)
    {
        using var transaction = engine.BeginRead();
        var log = transaction.OpenTree(ChangeLogWriter.TreeName);
        var cursor = log?.CreateCursor();
        if (cursor is null || !cursor.SeekLast())
        {
            return after is null or 0 ? new ChangeBatch([], after, HasLog: log is not null) : throw NotFromHere(engine, token);
        }

        var newest = ChangeRecord.PositionOf(cursor.Key);
        cursor.SeekFirst();
        var oldest = ChangeRecord.PositionOf(cursor.Key);
        var from = after ?? oldest - 1;
        if (from > newest)
        {
            throw NotFromHere(engine, token);
        }

        if (oldest > from + 1)
        {
            throw new ChangeTokenExpiredException(engine.Name, token ?? from.ToString(System.Globalization.CultureInfo.InvariantCulture), oldest);
        }

        var records = new List<ChangeRecord>();
        var last = from;
        var commit = long.MinValue;
        var looked = 0;
        for (var ok = cursor.Seek(ChangeRecord.Key(from + 1)); ok; ok = cursor.MoveNext())
        {
            var value = cursor.Value;
            var commitPosition = BinaryPrimitives.ReadInt64LittleEndian(value.Span);
            if (looked >= BatchEntries && commitPosition != commit)
            {
                break;
            }

            (commit, last) = (commitPosition, ChangeRecord.PositionOf(cursor.Key));
            looked++;
            if (collectionUtf8 is null || ChangeRecord.IsOf(value.Span, collectionUtf8))
            {
                // Copied: the page images behind the cursor are reused once the snapshot ends.
                records.Add(ChangeRecord.Decode(cursor.Key, value.ToArray()));
            }
        }

        return new ChangeBatch(records, last, HasLog: true);
    }

    private static ArgumentException NotFromHere(StorageEngine engine, string? resumeAfter) =>
        new($"Resume token '{resumeAfter}' names a change that the change log of '{engine.Name}' never held: it comes from another database.", nameof(resumeAfter));
}
