namespace DocStore;

/// <summary>
/// One committed change of a document with its typed key, as a change feed delivers it
/// (<c>db.People.Changes()</c>, or <c>db.Changes()</c> over every collection with <typeparamref name="T"/> a
/// <see cref="Bson.Model.BsonDocument"/> and <typeparamref name="TKey"/> a <see cref="Bson.Model.BsonValue"/>).
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The key type.</typeparam>
public sealed class DocumentChange<T, TKey> : DocumentChange<T>
    where TKey : notnull
{
    internal DocumentChange(ChangeKind kind, string collection, TKey key, T? document, ulong log, long position, long commitPosition, DateTimeOffset timestamp)
        : base(kind, collection, document, log, position, commitPosition, timestamp)
    {
        Key = key;
    }

    /// <summary>The document's key.</summary>
    public new TKey Key { get; }

    private protected override object BoxedKey => Key;
}
