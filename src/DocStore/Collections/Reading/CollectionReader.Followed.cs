using DocStore.Transactions;

namespace DocStore.Collections;

// In a shared open another process may have added field names since this process last wrote the
// collection: a read inside a write transaction takes them in first, as a write does, since the
// transaction's view already holds that process's documents.
internal sealed partial class CollectionReader<T, TKey>
{
    /// <summary>The field dictionary a read in <paramref name="write"/> decodes with, caught up with other processes' names.</summary>
    private WriteFieldDictionary WriterFields(WriteTransaction write)
    {
        _core.CatchUpForWrite(write);

        return _fields.Writer;
    }
}
