namespace DocStore.Collections;

// The embedded engine's writes are the typed collection's writes when no other backend opened it.
internal sealed partial class CollectionWriter<T, TKey> : ICollectionWrites<T, TKey>;
