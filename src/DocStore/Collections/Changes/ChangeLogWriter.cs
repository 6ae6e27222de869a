using System.Buffers.Binary;
using System.Security.Cryptography;
using DocStore.Bson;
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

    // Headers up to this size are built on the stack (names longer than this are rare).
    private const int StackHeader = 256;

    /// <summary>The change log tree the transaction's writes go to: the file's, or a new one when <paramref name="retention"/> turns the log on; null when the log is off.</summary>
    public static Tree? LogTree(WriteTransaction transaction, ChangeRetention? retention)
    {
        if (transaction.OpenTree(TreeName) is { } tree)
        {
            return tree;
        }

        if (retention is null)
        {
            return null;
        }

        // A new log gets its identity, which every resume token carries (see ChangeToken).
        tree = transaction.CreateTree(TreeName);
        Span<byte> identity = stackalloc byte[8];
        RandomNumberGenerator.Fill(identity);
        tree.Put(ChangeRecord.IdentityKey, identity);
        return tree;
    }

    /// <summary>Plans the entry of an insert or update: <paramref name="document"/> is the C-BSON the collection stores, copied as it is.</summary>
    public static void PlanWrite(TreeChanges changes, Tree log, ChangeRetention? retention, ChangeKind kind, string collection, string keyField, ReadOnlySpan<byte> document, IFieldDictionary fields) =>
        Plan(changes, log, retention, kind, collection, keyField, document, fields);

    /// <summary>Plans the entry of a delete: <paramref name="old"/> is the deleted document's stored C-BSON, copied as it is (the feed reads its key).</summary>
    public static void PlanDelete(TreeChanges changes, Tree log, ChangeRetention? retention, string collection, string keyField, ReadOnlySpan<byte> old, IFieldDictionary fields) =>
        Plan(changes, log, retention, ChangeKind.Delete, collection, keyField, old, fields);

    private static void Plan(TreeChanges changes, Tree log, ChangeRetention? retention, ChangeKind kind, string collection, string keyField, ReadOnlySpan<byte> document, IFieldDictionary fields)
    {
        var state = State(log, retention);
        var count = fields.Count;
        var fieldsId = ChangeLogFields.Plan(changes, log, state, collection, fields);

        // The header is built apart and the document planned as it is: the entry costs the planner's one copy.
        var max = ChangeRecord.MaxHeaderLength(collection, keyField);
        Span<byte> head = max <= StackHeader ? stackalloc byte[StackHeader] : new byte[max];
        var length = ChangeRecord.WriteHeader(head, state.CommitPosition, state.UnixMilliseconds, kind, fieldsId, collection, keyField);
        Finish(changes, log, retention, state, head[..length], document);
        state.RememberFields(collection, fields, count, fieldsId);
    }

    private static ChangeLogState State(Tree log, ChangeRetention? retention)
    {
        // The transaction holds the write lock (of every process, when shared): the log's newest entry,
        // read at its first change, stays the newest until it commits.
        var transaction = log.Writer();
        if (transaction.ChangeLogState is not ChangeLogState known)
        {
            var cursor = log.CreateCursor();
            var next = (cursor.SeekLast() ? ChangeRecord.PositionOf(cursor.Key) : 0) + 1;
            known = new ChangeLogState(next, (retention?.TimeProvider ?? TimeProvider.System).GetUtcNow().ToUnixTimeMilliseconds());
            transaction.ChangeLogState = known;
        }

        return known;
    }

    private static void Finish(TreeChanges changes, Tree log, ChangeRetention? retention, ChangeLogState state, ReadOnlySpan<byte> head, ReadOnlySpan<byte> document)
    {
        // Counted only once the put is planned: a refused entry (over the tree's limits) leaves no gap.
        var position = state.Next;
        Span<byte> key = stackalloc byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, position);
        changes.Put(log, key, head, document);
        state.Next++;

        if (retention is not null)
        {
            PlanTrim(changes, log, retention, state, position);
        }
    }

    // Removes the oldest entries past either limit; the entry being added (newest) is never among them.
    // Positions are consecutive from the oldest entry to the newest, so the oldest is counted, not sought.
    private static void PlanTrim(TreeChanges changes, Tree log, ChangeRetention retention, ChangeLogState state, long newest)
    {
        if (state.Oldest == 0)
        {
            var cursor = log.CreateCursor();
            state.Oldest = cursor.Seek(ChangeRecord.Key(1)) ? ChangeRecord.PositionOf(cursor.Key) : newest;
        }

        Span<byte> key = stackalloc byte[8];
        for (var removed = 0; removed < TrimPerChange && state.Oldest < newest; removed++)
        {
            var tooMany = retention.MaxChanges is { } max && newest - state.Oldest + 1 > max;
            BinaryPrimitives.WriteInt64BigEndian(key, state.Oldest);
            if (!tooMany && !TooOld(log, retention, state, key))
            {
                return;
            }

            changes.Delete(log, key);
            state.Oldest++;
        }
    }

    // Whether the entry under key is past MaxAge; once one is not, none is for the rest of the transaction
    // (its clock reading is fixed, and later entries were written later).
    private static bool TooOld(Tree log, ChangeRetention retention, ChangeLogState state, ReadOnlySpan<byte> key)
    {
        if (retention.MaxAge is not { } age || state.YoungEnough)
        {
            return false;
        }

        var old = log.TryGet(key, out var value) && ChangeRecord.TimeOf(value.Span) < state.UnixMilliseconds - (long)age.TotalMilliseconds;
        state.YoungEnough = !old;
        return old;
    }
}
