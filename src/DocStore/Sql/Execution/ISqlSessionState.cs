namespace DocStore.Sql.Execution;

/// <summary>The transaction a session carries between statements; <see cref="SqlSession"/> implements it.</summary>
internal interface ISqlSessionState
{
    /// <summary>The explicit transaction statements of the session run in, or null.</summary>
    DocStoreTransaction? Transaction { get; set; }

    /// <summary>Whether the session's own BEGIN started <see cref="Transaction"/> (so COMMIT and ROLLBACK may end it).</summary>
    bool OwnsTransaction { get; set; }

    /// <summary>True after <c>PRAGMA case_sensitive_like = ON</c>: LIKE then compares ASCII letters exactly.</summary>
    bool CaseSensitiveLike { get; set; }
}
