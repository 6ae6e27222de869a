using System.Text;
using DocStore.Collections;
using DocStore.Collections.Untyped;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore;

public abstract partial class DocumentCollection<T, TKey>
{
    // The index set this object last worked with; each operation takes the one its transaction sees (Bound).
    private IndexBinding _binding;

    /// <summary>
    /// The indexes as one operation uses them: the shared set, the model that extracts their keys, and their
    /// entry layout. An operation takes one binding and keeps it, so an index statement committed meanwhile
    /// cannot change its index positions halfway.
    /// </summary>
    private sealed class IndexBinding
    {
        public IndexBinding(IndexSet set, ICollectionModel<T, TKey> model, int maxKeyLength)
        {
            Set = set;
            Model = model;
            Entries = new IndexEntries(model.CollectionName, model.Indexes, maxKeyLength);
            TreesUtf8 = [.. set.Trees.Select(Encoding.UTF8.GetBytes)];
        }

        private IndexBinding(IndexSet set, IndexBinding same)
        {
            Set = set;
            Model = same.Model;
            Entries = same.Entries;
            TreesUtf8 = same.TreesUtf8;
        }

        public IndexSet Set { get; }

        public ICollectionModel<T, TKey> Model { get; }

        public IndexEntries Entries { get; }

        public IReadOnlyList<IndexDefinition> Definitions => Model.Indexes;

        public string[] Trees => Set.Trees;

        public uint[] Roots => Set.Roots;

        public byte[][] TreesUtf8 { get; }

        /// <summary>This binding over <paramref name="set"/>, which holds the same indexes (confirmed under a later generation).</summary>
        public IndexBinding With(IndexSet set) => new(set, this);
    }

    /// <summary>
    /// The binding for <paramref name="transaction"/>: this object's, unless an index statement has changed
    /// the collection's indexes since (or the transaction's snapshot predates such a change).
    /// </summary>
    private IndexBinding Bound(Transaction transaction) => Bind(_state.Current(transaction, _context.Engine.RootCache));

    /// <summary>The binding for a bare snapshot at <paramref name="snapshotLsn"/>, or null when finding it needs a transaction (the index set may have changed).</summary>
    private IndexBinding? BoundAt(long snapshotLsn) =>
        _state.CurrentAt(snapshotLsn, _context.Engine.RootCache) is { } set ? Bind(set) : null;

    private IndexBinding Bind(IndexSet set)
    {
        var binding = Volatile.Read(ref _binding);
        if (ReferenceEquals(set, binding.Set))
        {
            return binding;
        }

        // Most new generations come from trees of other collections: the indexes are the same, and only the
        // set object is replaced, so that the next operation takes the one-comparison path again.
        var fresh = set.SameIndexes(binding.Set) ? binding.With(set) : new IndexBinding(set, ModelFor(set.Definitions), _maxKeyLength);
        if (ReferenceEquals(set, _state.IndexSet))
        {
            Volatile.Write(ref _binding, fresh);
        }

        return fresh;
    }

    /// <summary>The index definitions as of the last commit, rebinding this object when an index statement changed them.</summary>
    private protected IReadOnlyList<IndexDefinition> CurrentIndexes()
    {
        if (BoundAt(long.MaxValue) is { } binding)
        {
            return binding.Definitions;
        }

        using var snapshot = _context.Engine.BeginRead();
        return Bound(snapshot).Definitions;
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
