using DocStore.BTree;
using DocStore.Transactions;

namespace DocStore.Tests.Support;

/// <summary>
/// Announces single tree changes to a write transaction's early redo record, as <see cref="TreeChanges"/>
/// does for a whole plan, so tests can also make changes that depart from the announcement.
/// </summary>
internal static class RedoAnnouncements
{
    public static void AnnouncePut(this Tree tree, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value) =>
        ((WriteTransaction)tree.Transaction).AnnouncedOperations?.AddPut(tree.NameUtf8, key, value);
}
