using DocStore.Bson;
using DocStore.Metadata;

namespace DocStore.Collections;

// The embedded collection as the typed collection sees it, whichever backend it came from.
internal sealed partial class CollectionCore<T, TKey> : ICollectionHandle<T, TKey>
{
    IFieldDictionary ICollectionHandle<T, TKey>.CommittedFields => Fields.Committed;

    bool ICollectionHandle<T, TKey>.IsDropped => State.Dropped;

    /// <summary>Opens the embedded collection of <paramref name="model"/> with its reading and writing parts.</summary>
    public static OpenedCollection<T, TKey> OpenEmbedded(DocStoreContext context, ICollectionModel<T, TKey> model)
    {
        var core = Open(context, model, within: null);
        return new OpenedCollection<T, TKey>(core, new CollectionReader<T, TKey>(core), new CollectionWriter<T, TKey>(core));
    }
}
