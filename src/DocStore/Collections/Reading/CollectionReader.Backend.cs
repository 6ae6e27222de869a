namespace DocStore.Collections;

// The embedded engine's reads are the typed collection's reads when no other backend opened it.
internal sealed partial class CollectionReader<T, TKey> : ICollectionReads<T, TKey>;
