using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>A collection whose indexes the context's integrity check verifies.</summary>
internal interface ICheckedCollection
{
    /// <summary>Adds a problem for every index entry without its document and every missing entry.</summary>
    void CheckIndexes(Transaction transaction, List<string> problems);
}
