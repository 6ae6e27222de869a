using DocStore.Sql.Ast;
using DocStore.Sql.Bound;

namespace DocStore.Sql.Execution;

/// <summary>BEGIN, COMMIT and ROLLBACK (docs/sql.md, "Writing"): they set and end the session's own transaction.</summary>
internal static class TransactionStatements
{
    public static void Begin(IPreparedSql prepared, BeginStatement statement, ISqlSessionState session)
    {
        if (session.Transaction is not null)
        {
            throw SqlErrors.At(prepared.Text, statement.Span, DocStoreErrorCode.SqlTransaction, "BEGIN inside a transaction: this session already has one; COMMIT or ROLLBACK it first");
        }

        session.Transaction = prepared.Owner.Context.BeginTransaction();
        session.OwnsTransaction = true;
    }

    /// <summary>COMMIT or ROLLBACK, as <paramref name="statement"/> says.</summary>
    public static void End(IPreparedSql prepared, SqlStatement statement, ISqlSessionState session)
    {
        var word = statement is CommitStatement ? "COMMIT" : "ROLLBACK";
        if (session.Transaction is not { } transaction)
        {
            throw SqlErrors.At(prepared.Text, statement.Span, DocStoreErrorCode.SqlTransaction, $"{word} without BEGIN: no transaction is active");
        }

        if (!session.OwnsTransaction)
        {
            throw SqlErrors.At(prepared.Text, statement.Span, DocStoreErrorCode.SqlTransaction, $"{word} of a transaction the caller set on the session: end it through DocStoreTransaction");
        }

        // The session forgets the transaction even when the commit fails: a failed commit rolls it back.
        session.Transaction = null;
        session.OwnsTransaction = false;
        if (statement is CommitStatement)
        {
            transaction.Commit();
        }
        else
        {
            transaction.Rollback();
        }
    }
}
