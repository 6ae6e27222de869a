using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>What a typed collection reports about itself, whichever backend opened it.</summary>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
internal interface ICollectionHandle<T, TKey>
    where TKey : notnull
{
    string Name { get; }

    DocStoreContext Context { get; }

    ICollectionModel<T, TKey> Model { get; }

    /// <summary>The committed field names and ids (read-only for the caller).</summary>
    IFieldDictionary CommittedFields { get; }

    /// <summary>True once the collection was dropped or renamed.</summary>
    bool IsDropped { get; }
}
