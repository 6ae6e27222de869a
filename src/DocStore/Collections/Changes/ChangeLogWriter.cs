using System.Buffers;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.BTree;
using DocStore.Transactions;

namespace DocStore.Collections.Changes;

/// <summary>
/// Adds a write's change to the change log tree, in the same planned tree changes as the document itself,
/// so the entry commits, rolls back, survives a crash and reaches other processes exactly as the document
/// does (docs/storage.md, "Change log"). A writer whose context has a <see cref="ChangeRetention"/> also
/// removes the oldest entries past its limits, at most two per change written.
/// </summary>
internal static class ChangeLogWriter
{
    /// <summary>The name of the change log tree.</summary>
    public const string TreeName = "$changes";

    // Entries removed per change written: more than one, so a log over its limits shrinks back.
    private const int TrimPerChange = 2;

    [ThreadStatic]
    private static ArrayBufferWriter<byte>? t_value;

    /// <summary>The change log tree the transaction's writes go to: the file's, or a new one when <paramref name="retention"/> turns the log on; null when the log is off.</summary>
    public static Tree? LogTree(WriteTransaction transaction, ChangeRetention? retention)
    {
        var tree = transaction.OpenTree(TreeName);
        return tree is null && retention is not null ? transaction.CreateTree(TreeName) : tree;
    }

    /// <summary>Plans the entry of an insert or update: <paramref name="document"/> is the stored C-BSON, written to the log as BSON.</summary>
    public static void PlanWrite(TreeChanges changes, Tree log, ChangeRetention? retention, ChangeKind kind, string collection, string keyField, ReadOnlySpan<byte> document, IFieldDictionary fields)
    {
        var value = Begin(log, retention, kind, collection, keyField, out var position, out var now);
        CBsonBsonConverter.ToBson(document, fields, value);
        Finish(changes, log, retention, position, now, value);
    }

    /// <summary>Plans the entry of a delete: only the key field of the deleted document (<paramref name="old"/>, stored C-BSON) is kept.</summary>
    public static void PlanDelete(TreeChanges changes, Tree log, ChangeRetention? retention, string collection, string keyField, ReadOnlySpan<byte> old, IFieldDictionary fields)
    {
        var key = CBsonDocumentConverter.ToDocument(old, fields).TryGetValue(keyField, out var k) ? k : BsonNull.Value;
        var value = Begin(log, retention, ChangeKind.Delete, collection, keyField, out var position, out var now);
        BsonBinary.Write(new BsonDocument { { keyField, key } }, value);
        Finish(changes, log, retention, position, now, value);
    }

    private static ArrayBufferWriter<byte> Begin(Tree log, ChangeRetention? retention, ChangeKind kind, string collection, string keyField, out long position, out long now)
    {
        // The transaction holds the write lock (of every process, when shared): the last entry is the newest.
        var transaction = log.Writer();
        var cursor = log.CreateCursor();
        position = (cursor.SeekLast() ? ChangeRecord.PositionOf(cursor.Key) : 0) + 1;
        var commit = transaction.ChangeLogState as CommitPosition ?? new CommitPosition(position);
        transaction.ChangeLogState = commit;
        now = (retention?.TimeProvider ?? TimeProvider.System).GetUtcNow().ToUnixTimeMilliseconds();

        var value = t_value ??= new ArrayBufferWriter<byte>(1024);
        value.ResetWrittenCount();
        ChangeRecord.WriteHeader(value, commit.Position, now, kind, collection, keyField);
        return value;
    }

    private static void Finish(TreeChanges changes, Tree log, ChangeRetention? retention, long position, long now, ArrayBufferWriter<byte> value)
    {
        changes.Put(log, ChangeRecord.Key(position), value.WrittenSpan);
        if (value.Capacity > 256 * 1024)
        {
            // One huge document must not pin its buffer on the thread for good.
            t_value = null;
        }

        if (retention is not null)
        {
            PlanTrim(changes, log, retention, position, now);
        }
    }

    // Removes the oldest entries past either limit; the entry being added (newest) is never among them.
    private static void PlanTrim(TreeChanges changes, Tree log, ChangeRetention retention, long newest, long now)
    {
        var cursor = log.CreateCursor();
        var oldest = retention.MaxAge is { } age ? now - (long)age.TotalMilliseconds : long.MinValue;
        var ok = cursor.SeekFirst();
        for (var removed = 0; ok && removed < TrimPerChange; removed++)
        {
            var first = ChangeRecord.PositionOf(cursor.Key);
            var tooMany = retention.MaxChanges is { } max && newest - first + 1 > max;
            if (first >= newest || (!tooMany && ChangeRecord.TimeOf(cursor.Value.Span) >= oldest))
            {
                return;
            }

            changes.Delete(log, cursor.Key);
            ok = cursor.MoveNext();
        }
    }

    /// <summary>The position of the transaction's first change, which all its changes carry.</summary>
    private sealed class CommitPosition(long position)
    {
        public long Position { get; } = position;
    }
}
