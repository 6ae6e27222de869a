using System.Runtime.CompilerServices;
using DocStore.BTree;
using DocStore.Tests.Support;
using DocStore.Transactions;

namespace DocStore.Tests.BTree;

/// <summary>
/// Collections open a tree object per operation, so what opening one costs is paid on every get, scan and
/// write: the tree itself for a read, and its descent path as well for a change, nothing else.
/// </summary>
public sealed class TreeAllocationTests
{
    private const string Name = "t";

    [Fact]
    public void A_tree_opened_for_a_lookup_costs_only_itself()
    {
        using var engine = TestDatabase.OpenMemory();
        var root = Fill(engine);
        using var tx = engine.BeginRead();
        var key = TestDatabase.Key(7);

        var open = AllocationProbe.PerCall(() => Open(tx, root) is not null);
        var lookup = AllocationProbe.PerCall(() => Open(tx, root).TryGet(key, out _));

        Assert.True(open > 0);
        Assert.Equal(open, lookup);
    }

    [Fact]
    public void A_tree_opened_for_a_change_costs_itself_and_its_path()
    {
        using var engine = TestDatabase.OpenMemory();
        var root = Fill(engine);
        using var tx = engine.BeginWrite();
        Assert.False(tx.RecordsChanges, "a recorded change allocates in the redo buffer, which this test does not measure");
        var key = TestDatabase.Key(7);
        var value = TestDatabase.Value(7000);
        var missing = TestDatabase.Key(100_000);

        var open = AllocationProbe.PerCall(() => Open(tx, root) is not null);
        var path = AllocationProbe.PerCall(() => NewPath() is not null);
        var put = AllocationProbe.PerCall(() =>
        {
            var tree = Open(tx, root);
            tree.Put(key, value);
            return tree.TryGet(key, out var stored) && stored.Span.SequenceEqual(value);
        });
        var delete = AllocationProbe.PerCall(() => !Open(tx, root).Delete(missing));

        Assert.Equal(open + path, put);
        Assert.Equal(open + path, delete);
    }

    // Made in a method that is not inlined, so the JIT cannot allocate them on the stack instead.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static Tree Open(Transaction transaction, uint root) => new(transaction, Name, root);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static TreePath.Entry[] NewPath() => new TreePath.Entry[TreePath.InitialCapacity];

    private static uint Fill(DocStore.Engine.StorageEngine engine)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree(Name);
        for (var i = 0; i < 2000; i++)
        {
            tree.Put(TestDatabase.Key(i), TestDatabase.Value(i));
        }

        tx.Commit();
        return tree.RootPage;
    }
}
