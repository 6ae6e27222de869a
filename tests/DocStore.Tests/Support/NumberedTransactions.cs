using DocStore.BTree;
using DocStore.Engine;

namespace DocStore.Tests.Support;

/// <summary>
/// Transactions the crash tests can count after a recovery: transaction <c>id</c> puts <c>keys</c> keys of its
/// own into tree "t", each with a value derived from the id and the key, so a recovered database shows which
/// transactions survived, whole or not at all, with the right bytes.
/// </summary>
internal static class NumberedTransactions
{
    public static void Commit(StorageEngine engine, int id, int keys = 10)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenOrCreateTree("t");
        for (var k = 0; k < keys; k++)
        {
            tree.Put(Key(id, k), Value(id, k));
        }

        tx.Commit();
    }

    /// <summary>The transactions among 1..<paramref name="upTo"/> that are present; fails on one that is partly there or has a wrong value.</summary>
    public static List<int> Present(StorageEngine engine, int upTo, int keys = 10)
    {
        using var tx = engine.BeginRead();
        var tree = tx.OpenTree("t");
        var present = new List<int>();
        for (var id = 1; id <= upTo; id++)
        {
            var found = 0;
            for (var k = 0; k < keys; k++)
            {
                if (tree is not null && tree.TryGet(Key(id, k), out var value))
                {
                    Assert.True(value.Span.SequenceEqual(Value(id, k)), $"transaction {id}, key {k}: wrong value");
                    found++;
                }
            }

            Assert.True(found == 0 || found == keys, $"transaction {id} is partly visible ({found} of {keys} keys)");
            if (found == keys)
            {
                present.Add(id);
            }
        }

        return present;
    }

    public static byte[] Key(int id, int k) => TestDatabase.Key((id * 1000) + k);

    public static byte[] Value(int id, int k) => TestDatabase.Value(id, 60 + (k * 37 % 400));
}
