namespace DocStore.Collections;

/// <summary>
/// How a collection turns a document into its stored form before writing it. Typed collections have none
/// (they store the document itself); an untyped one converts declared fields to the member types the
/// catalog records.
/// </summary>
internal abstract class DocumentConversion<T, TKey>
    where TKey : notnull
{
    /// <summary>True when <see cref="ToStored"/> may convert documents now.</summary>
    public abstract bool Converts { get; }

    /// <summary>The document as it is stored; throws <see cref="DocumentSchemaException"/> for a value that does not convert.</summary>
    public abstract T ToStored(T document, TKey key);
}
