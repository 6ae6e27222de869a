namespace DocStore;

/// <summary>
/// One committed change of a document, as a change feed delivers it (<c>db.People.Changes()</c>, or
/// <c>db.Changes()</c> over every collection with <typeparamref name="T"/> a <see cref="Bson.Model.BsonDocument"/>).
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The key type.</typeparam>
public sealed class DocumentChange<T, TKey>
    where TKey : notnull
{
    internal DocumentChange(ChangeKind kind, string collection, TKey key, T? document, string resumeToken, long position, long commitPosition, DateTimeOffset timestamp)
    {
        Kind = kind;
        Collection = collection;
        Key = key;
        Document = document;
        ResumeToken = resumeToken;
        Position = position;
        CommitPosition = commitPosition;
        Timestamp = timestamp;
    }

    /// <summary>What the change did.</summary>
    public ChangeKind Kind { get; }

    /// <summary>The collection the document belongs to.</summary>
    public string Collection { get; }

    /// <summary>The document's key.</summary>
    public TKey Key { get; }

    /// <summary>The document as the change left it (as its transaction committed it, never a later version); null for a delete.</summary>
    public T? Document { get; }

    /// <summary>Pass to <c>Changes(resumeAfter)</c> to start a feed right after this change, in this process or another, also after the database was closed.</summary>
    public string ResumeToken { get; }

    /// <summary>The change's position in the change log: greater than every change committed before it, across all collections.</summary>
    public long Position { get; }

    /// <summary>The position of the first change of the transaction that made this one: equal for the changes of one commit.</summary>
    public long CommitPosition { get; }

    /// <summary>When the change was written, by the writer's clock (<see cref="ChangeRetention.TimeProvider"/>).</summary>
    public DateTimeOffset Timestamp { get; }

    /// <summary>The change as text, for logs: kind, collection, key and position.</summary>
    /// <returns>The text.</returns>
    public override string ToString() => $"{Kind} {Collection} {Key} at {Position}";
}
