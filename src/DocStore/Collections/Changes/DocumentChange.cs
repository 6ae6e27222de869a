using DocStore.Collections.Changes;

namespace DocStore;

/// <summary>
/// One committed change of a document, as a change feed delivers it, without the key's type: every feed's
/// changes are also of this type (<c>await foreach (DocumentChange&lt;Person&gt; c in db.People.Changes())</c>).
/// <see cref="DocumentChange{T, TKey}"/> adds the typed key.
/// </summary>
/// <typeparam name="T">The document type (<see cref="Bson.Model.BsonDocument"/> for untyped feeds).</typeparam>
public abstract class DocumentChange<T>
{
    // The token is written out only when asked for: most consumers keep one token per batch, not one per change.
    private readonly ulong _log;
    private string? _resumeToken;

    private protected DocumentChange(ChangeKind kind, string collection, T? document, ulong log, long position, long commitPosition, DateTimeOffset timestamp)
    {
        Kind = kind;
        Collection = collection;
        Document = document;
        _log = log;
        Position = position;
        CommitPosition = commitPosition;
        Timestamp = timestamp;
    }

    /// <summary>What the change did.</summary>
    public ChangeKind Kind { get; }

    /// <summary>The collection the document belongs to.</summary>
    public string Collection { get; }

    /// <summary>
    /// The document's key as an object: the boxed key of a typed collection (an <see cref="int"/>, a
    /// <see cref="ObjectId"/>, ...), the <see cref="Bson.Model.BsonValue"/> of an untyped one.
    /// <see cref="DocumentChange{T, TKey}.Key"/> gives it typed.
    /// </summary>
    public object Key => BoxedKey;

    /// <summary>The document as the change left it (as its transaction committed it, never a later version); null for a delete.</summary>
    public T? Document { get; }

    /// <summary>Pass to <c>Changes(resumeAfter)</c> to start a feed right after this change, in this process or another, also after the database was closed.</summary>
    public string ResumeToken => _resumeToken ??= new ChangeToken(Position, _log).Format();

    /// <summary>The change's position in the change log: greater than every change committed before it, across all collections.</summary>
    public long Position { get; }

    /// <summary>The position of the first change of the transaction that made this one: equal for the changes of one commit.</summary>
    public long CommitPosition { get; }

    /// <summary>When the change was written (its transaction's first change, for every change of the transaction), by the writer's clock (<see cref="ChangeRetention.TimeProvider"/>).</summary>
    public DateTimeOffset Timestamp { get; }

    // Boxed only when asked for: a typed consumer reads the typed key.
    private protected abstract object BoxedKey { get; }

    /// <summary>The change as text, for logs: kind, collection, key and position.</summary>
    /// <returns>The text.</returns>
    public override string ToString() => $"{Kind} {Collection} {BoxedKey} at {Position}";
}
