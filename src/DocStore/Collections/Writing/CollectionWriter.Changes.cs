using DocStore.BTree;
using DocStore.Collections.Changes;

namespace DocStore.Collections;

// Each write's entry in the change log, planned with the document's own tree changes.
internal sealed partial class CollectionWriter<T, TKey>
{
    private void LogWrite(WriteScope scope, TreeChanges changes, ChangeKind kind, ReadOnlySpan<byte> stored)
    {
        var retention = _context.Options.ChangeRetention;
        if (ChangeLogWriter.LogTree(scope.Transaction, retention) is { } log)
        {
            ChangeLogWriter.PlanWrite(changes, log, retention, kind, Name, Model.KeyField, stored, scope.Fields);
        }
    }

    private void LogDelete(WriteScope scope, TreeChanges changes, ReadOnlySpan<byte> old)
    {
        var retention = _context.Options.ChangeRetention;
        if (ChangeLogWriter.LogTree(scope.Transaction, retention) is { } log)
        {
            ChangeLogWriter.PlanDelete(changes, log, retention, Name, Model.KeyField, old, scope.Fields);
        }
    }
}
