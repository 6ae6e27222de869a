using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>A collection that changed something in a <see cref="DocStoreTransaction"/> and must settle its in-memory state with it.</summary>
internal interface ITransactionParticipant
{
    /// <summary>Writes what the catalog must also hold (new field names) into the transaction; returns a token for <see cref="Committed"/>.</summary>
    int PrepareCommit(WriteTransaction transaction);

    /// <summary>The commit was acknowledged.</summary>
    void Committed(int token);

    /// <summary>The transaction rolled back (or failed before it could commit).</summary>
    void RolledBack();
}
