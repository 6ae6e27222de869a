using System.Buffers.Binary;
using DocStore.BTree;
using DocStore.Storage.Pages;
using DocStore.Tests.Support;

namespace DocStore.Tests.Transactions;

/// <summary>
/// In builds that define DOCSTORE_INVARIANTS (.ci/run's invariants step), every commit first runs the
/// integrity check on the transaction's state and refuses a broken one, so a bug that breaks a tree fails
/// the commit that makes it instead of a later read.
/// </summary>
public sealed class InvariantCheckTests
{
    [InvariantsFact]
    public void A_commit_of_a_page_broken_in_the_private_copy_is_refused_and_changes_nothing()
    {
        using var engine = TestDatabase.OpenMemory();
        using (var tx = engine.BeginWrite())
        {
            var tree = tx.CreateTree("t");
            for (var i = 0; i < 400; i++)
            {
                tree.Put(TestDatabase.Key(i), TestDatabase.Value(i, 40));
            }

            tx.Commit();
        }

        using (var tx = engine.BeginWrite())
        {
            var page = tx.OpenTree("t")!.RootPage;
            while (PageLayout.GetType(tx.ReadPage(page)) == PageType.Branch)
            {
                page = global::DocStore.BTree.Node.Child(tx.ReadPage(page), 0);
            }

            // Swap the leaf's first two slots in the writer's copy: its keys are now descending.
            var slots = tx.GetWritable(page).AsSpan(PageLayout.HeaderSize);
            var first = BinaryPrimitives.ReadUInt16LittleEndian(slots);
            BinaryPrimitives.WriteUInt16LittleEndian(slots, BinaryPrimitives.ReadUInt16LittleEndian(slots[2..]));
            BinaryPrimitives.WriteUInt16LittleEndian(slots[2..], first);

            var refused = Assert.Throws<DatabaseCorruptException>(tx.Commit);
            Assert.Contains("invariant check", refused.Message, StringComparison.Ordinal);
            Assert.Contains($"page {page}: keys 0 and 1", refused.Message, StringComparison.Ordinal);
        }

        // The refused commit published nothing and released the write lock.
        var report = engine.CheckIntegrity();
        Assert.True(report.IsValid, report.ToString());
        TestDatabase.CommitPut(engine, 1, 7, 40);
        using var read = engine.BeginRead();
        Assert.True(read.OpenTree("t")!.TryGet(TestDatabase.Key(1), out var value));
        Assert.True(value.Span.SequenceEqual(TestDatabase.Value(7, 40)));
    }
}
