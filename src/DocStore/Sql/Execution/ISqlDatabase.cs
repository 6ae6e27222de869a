using DocStore.Sql.Binding;
using DocStore.Transactions;

namespace DocStore.Sql.Execution;

/// <summary>
/// The SQL surface of one context as the executors need it; <see cref="SqlEngineState"/>, which
/// <see cref="DocStoreSql"/> owns, implements it, so the executors sit below the public API.
/// </summary>
internal interface ISqlDatabase
{
    /// <summary>The context whose collections the statements run over.</summary>
    DocStoreContext Context { get; }

    /// <summary>The catalog as <paramref name="transaction"/> sees it.</summary>
    SqlCatalog Catalog(Transaction transaction);

    /// <summary>Whether <paramref name="tree"/> has double or decimal first components.</summary>
    bool HasNonIntegerNumbers(BTree.Tree tree, Transaction transaction);

    /// <summary>What is known about <paramref name="tree"/> holding integers only at <paramref name="snapshot"/>, if anything.</summary>
    bool KnownIntegersOnly(string tree, long snapshot, out bool integersOnly);
}
