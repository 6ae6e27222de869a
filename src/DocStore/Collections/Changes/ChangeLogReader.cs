using System.Buffers.Binary;
using DocStore.Bson;
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
    /// <param name="after">The position the feed resumes after and the log it names; null to start at the oldest entry.</param>
    /// <param name="collectionUtf8">The collection whose entries are wanted (UTF-8), or null for all.</param>
    /// <param name="cache">The feed's buffers: the batch's entries are copied into them, and valid until the next read.</param>
    /// <returns>The batch; <see cref="ChangeBatch.Last"/> is the last position looked at (entries of other collections included).</returns>
    /// <exception cref="ChangeTokenExpiredException">Retention removed entries after <paramref name="after"/>.</exception>
    /// <exception cref="ArgumentException">The token names another change log, or a position past the newest entry: it is not from this database.</exception>
    public static ChangeBatch Read(StorageEngine engine, ChangeToken? after, byte[]? collectionUtf8, ChangeReadCache cache)
    {
        using var transaction = engine.BeginRead();
        var log = transaction.OpenTree(ChangeLogWriter.TreeName);
        var identity = log is not null && log.TryGet(ChangeRecord.IdentityKey, out var id) && id.Length == 8 ? BinaryPrimitives.ReadUInt64LittleEndian(id.Span) : 0;
        if (after is { } token && (log is null || token.Log != identity))
        {
            throw NotFromHere(engine, token);
        }

        var cursor = log?.CreateCursor();
        if (cursor is null || !cursor.SeekLast() || ChangeRecord.PositionOf(cursor.Key) == 0)
        {
            return after is null ? new ChangeBatch([], null, HasLog: log is not null, identity) : throw NotFromHere(engine, after.Value);
        }

        var newest = ChangeRecord.PositionOf(cursor.Key);
        cursor.Seek(ChangeRecord.Key(1));
        var oldest = ChangeRecord.PositionOf(cursor.Key);
        var from = after?.Position ?? oldest - 1;
        if (from > newest)
        {
            throw NotFromHere(engine, after!.Value);
        }

        if (oldest > from + 1)
        {
            throw new ChangeTokenExpiredException(engine.Name, new ChangeToken(from, identity).Format(), oldest);
        }

        cache.Begin(identity);
        var records = cache.Records;
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
                // Copied: the page images behind the cursor are reused once the snapshot ends. The field names
                // are read in the same snapshot, so a copy grown or made by a later commit is not needed.
                var fields = cache.Fields(log!, ChangeRecord.FieldsIdOf(value.Span));
                records.Add(ChangeRecord.Decode(cursor.Key, cache.Copy(value.Span), fields, identity, cache));
            }
        }

        return new ChangeBatch(records, last, HasLog: true, identity);
    }

    private static ArgumentException NotFromHere(StorageEngine engine, ChangeToken resumeAfter) =>
        new($"Resume token '{resumeAfter.Format()}' names a change that the change log of '{engine.Name}' never held: it comes from another database.", nameof(resumeAfter));
}
