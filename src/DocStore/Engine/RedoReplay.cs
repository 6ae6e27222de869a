using System.Text;
using DocStore.BTree;
using DocStore.Storage;
using DocStore.Storage.Redo;
using DocStore.Transactions;

namespace DocStore.Engine;

/// <summary>
/// The last step of recovery (docs/storage.md, "Redo log"): commits again, in order and each in its own
/// transaction, the redo records of acknowledged commits whose page frames did not reach the disk. Opening
/// writes nothing, so these commits are kept in memory; the first write transaction or checkpoint appends
/// them to the WAL and checkpoints, which starts the redo log afresh (see OpenWork).
/// </summary>
internal static class RedoReplay
{
    public static void Run(StorageEngine engine)
    {
        var pager = engine.Pager;
        var records = pager.Redo.Pending;
        if (records.Count == 0)
        {
            return;
        }

        foreach (var record in records)
        {
            using var tx = engine.BeginRecoveryWrite();
            Apply(tx, record, pager.Redo.LogName!);
            tx.Commit();
        }
    }

    private static void Apply(WriteTransaction tx, RedoRecord record, string logName)
    {
        var reader = new RedoOperationReader(record.Operations);
        try
        {
            while (reader.TryRead(out var kind, out var treeNameBytes, out var key, out var value))
            {
                var treeName = Encoding.UTF8.GetString(treeNameBytes);
                var tree = treeName == TreeDirectory.CatalogTreeName ? tx.CatalogTree() : tx.OpenTree(treeName)
                    ?? throw new DatabaseCorruptException(logName, -1, $"redo record {record.Sequence} changes tree '{treeName}', which does not exist");
                if (kind == RedoOperations.PutKind)
                {
                    tree.Put(key, value);
                }
                else
                {
                    tree.Delete(key);
                }
            }
        }
        catch (FormatException ex)
        {
            throw new DatabaseCorruptException(logName, -1, $"redo record {record.Sequence} is malformed: {ex.Message}");
        }
    }
}
