namespace DocStore;

// The engine's and SQL's codes are listed here beside the format's: the base exception's ErrorCode must be a
// type this library declares, and one enum keeps every code named and in one switch (docs/decisions.md).
/// <summary>What kind of failure a <see cref="DocStoreException"/> reports; branch on this, never on the message.</summary>
public enum DocStoreErrorCode
{
    /// <summary>Bytes or text that should be BSON, C-BSON, Extended JSON or a decimal128 do not parse.</summary>
    InvalidFormat = 1,

    /// <summary>Writing a document reached a C-BSON limit (nesting depth, document size or destination size).</summary>
    FormatLimitExceeded,

    /// <summary>A collection's field dictionary has assigned its largest field id.</summary>
    FieldDictionaryFull,

    /// <summary>A write would give two documents the same primary key or unique index value.</summary>
    DuplicateKey,

    /// <summary>A serialized document exceeds the maximum document size.</summary>
    DocumentTooLarge,

    /// <summary>An encoded primary key is longer than a tree key may be.</summary>
    KeyTooLong,

    /// <summary>An encoded index entry is longer than a tree key may be.</summary>
    IndexKeyTooLong,

    /// <summary>A stored value does not fit the member it is read into.</summary>
    SchemaMismatch,

    /// <summary>Stored bytes fail a checksum or structural check.</summary>
    DatabaseCorrupt,

    /// <summary>The database file is held open by another process or context.</summary>
    DatabaseLocked,

    /// <summary>Another write transaction held the write lock past the configured timeout.</summary>
    WriteLockTimeout,

    /// <summary>A write or fsync failed; the database refuses commits until it is reopened.</summary>
    StorageFailed,

    /// <summary>SQL text does not follow the dialect's grammar; the exception gives the line, column and what was expected.</summary>
    SqlSyntax,

    /// <summary>A collection's integer keys reached the largest value of their type: no further key can be generated.</summary>
    KeySequenceExhausted,

    /// <summary>A write, or anything that would write, was asked of a database opened read-only.</summary>
    ReadOnly,

    /// <summary>A SQL statement names a collection, field, alias or function that does not exist, or a name that is ambiguous.</summary>
    SqlUnknownName,

    /// <summary>A SQL operator or function got a value of a type it cannot work with.</summary>
    SqlType,

    /// <summary>A SQL statement uses a parameter that was not given a value.</summary>
    SqlParameterMissing,

    /// <summary>A SQL statement is valid syntax but its kind or form is not executed (yet).</summary>
    SqlNotSupported,

    /// <summary>BEGIN, COMMIT or ROLLBACK does not fit the session's transaction: BEGIN inside one, COMMIT or ROLLBACK without one.</summary>
    SqlTransaction,

    /// <summary>CREATE INDEX names an index that the collection already has, or CREATE COLLECTION or ALTER COLLECTION ... RENAME TO a collection name that is taken.</summary>
    SqlNameTaken,

    /// <summary>CREATE INDEX or DROP INDEX names a collection whose index set a typed model open in this process declares (with [Index]).</summary>
    SqlIndexOwned,

    /// <summary>DROP COLLECTION or ALTER COLLECTION names a collection that a typed model open in this process holds (a context's collection property or an open typed collection).</summary>
    SqlCollectionOwned,

    /// <summary>A LINQ query over a collection uses an operator, method or expression that does not translate into a query plan.</summary>
    QueryNotTranslatable,

    /// <summary>Another process held the database's cross-process write lock past the busy timeout (a shared open).</summary>
    DatabaseBusy,

    /// <summary>A change feed was asked to resume after a change the change log no longer holds (its retention removed it); nothing was skipped.</summary>
    ChangeTokenExpired,

    /// <summary>
    /// The key or password given at open does not open the file: a wrong key or password, a file that is not
    /// an encrypted DocStore database opened with one, or an encrypted one opened without.
    /// </summary>
    EncryptionKeyMismatch,
}
