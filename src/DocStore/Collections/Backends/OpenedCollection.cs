namespace DocStore.Collections;

/// <summary>The three parts a backend hands a typed collection when it opens: what it is, its reads and its writes.</summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
internal readonly record struct OpenedCollection<T, TKey>(ICollectionHandle<T, TKey> Handle, ICollectionReads<T, TKey> Reads, ICollectionWrites<T, TKey> Writes)
    where TKey : notnull;
