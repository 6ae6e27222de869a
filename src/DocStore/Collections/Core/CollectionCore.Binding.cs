using DocStore.Collections.Untyped;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

// The index binding follows the shared index set: each operation takes the one its transaction sees.
internal sealed partial class CollectionCore<T, TKey>
{
    // The index set this object last worked with.
    private IndexBinding<T, TKey> _binding;

    /// <summary>The binding this object last worked with (its positions may be stale; operations use <see cref="Bound"/>).</summary>
    public IndexBinding<T, TKey> LastBinding => Volatile.Read(ref _binding);

    /// <summary>
    /// The binding for <paramref name="transaction"/>: this object's, unless an index statement has changed
    /// the collection's indexes since (or the transaction's snapshot predates such a change).
    /// </summary>
    public IndexBinding<T, TKey> Bound(Transaction transaction) => Bind(State.Current(transaction, Context.Engine.RootCache));

    /// <summary>The binding for a bare snapshot at <paramref name="snapshotLsn"/>, or null when finding it needs a transaction (the index set may have changed).</summary>
    public IndexBinding<T, TKey>? BoundAt(long snapshotLsn) =>
        State.CurrentAt(snapshotLsn, Context.Engine.RootCache) is { } set ? Bind(set) : null;

    /// <summary>The index definitions as of the last commit, rebinding this object when an index statement changed them.</summary>
    public IReadOnlyList<IndexDefinition> CurrentIndexes()
    {
        if (BoundAt(long.MaxValue) is { } binding)
        {
            return binding.Definitions;
        }

        using var snapshot = Context.Engine.BeginRead();
        return Bound(snapshot).Definitions;
    }

    /// <summary>The binding of <paramref name="model"/> to the shared index set (an untyped model is rebuilt for the set when an index statement changed it meanwhile).</summary>
    private static IndexBinding<T, TKey> Binding(CollectionState state, ICollectionModel<T, TKey> model, int maxKeyLength)
    {
        var set = state.IndexSet;
        if (model.Indexes.Count != set.Trees.Length || !model.Indexes.Zip(set.Definitions).All(p => p.First.SameAs(p.Second)))
        {
            model = model is BsonDocumentModel untyped
                ? (ICollectionModel<T, TKey>)(object)new BsonDocumentModel(untyped.CollectionName, set.Definitions, untyped.KeyField, untyped.KeyGeneration)
                : throw new InvalidOperationException($"The model of collection '{model.CollectionName}' declares {model.Indexes.Count} indexes, but the open collection has {set.Trees.Length} ({string.Join(", ", set.Definitions.Select(d => d.Name))}).");
        }

        return new IndexBinding<T, TKey>(set, model, maxKeyLength);
    }

    private IndexBinding<T, TKey> Bind(IndexSet set)
    {
        var binding = Volatile.Read(ref _binding);
        if (ReferenceEquals(set, binding.Set))
        {
            return binding;
        }

        // Most new generations come from trees of other collections: the indexes are the same, and only the
        // set object is replaced, so that the next operation takes the one-comparison path again.
        var fresh = set.SameIndexes(binding.Set) ? binding.With(set) : new IndexBinding<T, TKey>(set, ModelFor(set.Definitions), MaxKeyLength);
        if (ReferenceEquals(set, State.IndexSet))
        {
            Volatile.Write(ref _binding, fresh);
        }

        return fresh;
    }

    /// <summary>The model that extracts the keys of <paramref name="definitions"/>: a generated model serves only the indexes it declares.</summary>
    private ICollectionModel<T, TKey> ModelFor(IReadOnlyList<IndexDefinition> definitions)
    {
        var model = Volatile.Read(ref _binding).Model;
        if (model is BsonDocumentModel untyped)
        {
            return (ICollectionModel<T, TKey>)(object)new BsonDocumentModel(untyped.CollectionName, definitions, untyped.KeyField, untyped.KeyGeneration);
        }

        if (definitions.Count != model.Indexes.Count || !definitions.Zip(model.Indexes).All(p => p.First.SameAs(p.Second)))
        {
            throw new InvalidOperationException($"The indexes of collection '{Name}' no longer match the ones its model declares; declare indexes with [Index] on the model.");
        }

        return model;
    }
}
