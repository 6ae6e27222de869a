using System.Text;
using DocStore.Bson;
using DocStore.BTree;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// What one collection object knows once open: its context, the <see cref="CollectionState"/> it shares
/// with other objects over the collection, the primary tree's cached root, and the index binding it last
/// worked with. The reading, writing and checking parts all work over one core; the public collection
/// classes are thin facades over them. It is the object the context registers for checks and SQL.
/// </summary>
internal sealed partial class CollectionCore<T, TKey> : ICheckedCollection, IModelOwner
    where TKey : notnull
{
    private CollectionCore(DocStoreContext context, CollectionState state, IndexBinding<T, TKey> initial, int maxKeyLength)
    {
        Context = context;
        State = state;
        MaxKeyLength = maxKeyLength;
        Fields = state.Fields;
        PrimaryTreeName = state.PrimaryTree;
        _binding = initial;
        PrimaryRoot = state.Roots[PrimaryTreeName];
        PrimaryTreeUtf8 = Encoding.UTF8.GetBytes(PrimaryTreeName);
    }

    public DocStoreContext Context { get; }

    public CollectionState State { get; }

    public CollectionFields Fields { get; }

    public string PrimaryTreeName { get; }

    /// <summary>The primary tree's root page; a tree's root never changes for its life.</summary>
    public uint PrimaryRoot { get; }

    /// <summary>The primary tree's name as redo records carry it, encoded once here instead of by every write's tree objects.</summary>
    public byte[] PrimaryTreeUtf8 { get; }

    public int MaxKeyLength { get; }

    /// <summary>The collection name.</summary>
    public string Name => Model.CollectionName;

    /// <summary>The model of the binding last used (an untyped model is rebuilt when an index statement changed the set).</summary>
    public ICollectionModel<T, TKey> Model => Volatile.Read(ref _binding).Model;

    string IModelOwner.CollectionName => Name;

    object IModelOwner.Model => Model;

    void IModelOwner.CheckReadable(ReadOnlySpan<byte> document, IFieldDictionary fields) => Model.Read(document, fields);

    void ICheckedCollection.CheckIndexes(Transaction transaction, List<string> problems) => new CollectionIntegrity<T, TKey>(this).CheckIndexes(transaction, problems);

    /// <summary>
    /// Opens the collection for <paramref name="model"/> inside <paramref name="context"/> (records it in the
    /// catalog, creates or drops indexes whose declarations changed, or shares the state already open) and
    /// registers the result with the context.
    /// </summary>
    public static CollectionCore<T, TKey> Open(DocStoreContext context, ICollectionModel<T, TKey> model, WriteTransaction? within)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(model);
        context.ThrowIfDisposed();
        var maxKeyLength = TreeLimits.MaxKeyLength(context.Engine.PageSize);
        var state = new CollectionOpener<T, TKey>(context, model, maxKeyLength).Open(within);
        var core = new CollectionCore<T, TKey>(context, state, Binding(state, model, maxKeyLength), maxKeyLength);
        if (model is not Untyped.BsonDocumentModel)
        {
            // From now on this process's typed model owns the collection's index set (SQL refuses to change it).
            state.MarkModelOwned();
        }

        context.Register(core, state);
        return core;
    }

    /// <summary>A second object over a collection that <paramref name="state"/> describes, already open in <paramref name="context"/> (an untyped view of a typed collection): it shares the trees, field dictionary and sequence, changes no catalog record, and is not registered.</summary>
    public static CollectionCore<T, TKey> Over(DocStoreContext context, ICollectionModel<T, TKey> model, CollectionState state)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(model);
        ArgumentNullException.ThrowIfNull(state);
        context.ThrowIfDisposed();
        var maxKeyLength = TreeLimits.MaxKeyLength(context.Engine.PageSize);
        return new CollectionCore<T, TKey>(context, state, Binding(state, model, maxKeyLength), maxKeyLength);
    }

    /// <summary>
    /// The primary tree in <paramref name="transaction"/>. A tree's root page never changes for its life,
    /// and the collection's trees are created or dropped only while it opens, so the roots found then skip
    /// the catalog lookup on every operation.
    /// </summary>
    public Tree PrimaryTree(Transaction transaction)
    {
        transaction.ThrowIfCompleted();
        State.ThrowIfDropped();
        return new Tree(transaction, PrimaryTreeName, PrimaryRoot, PrimaryTreeUtf8);
    }

    /// <summary>The tree of index <paramref name="index"/> of <paramref name="binding"/> in <paramref name="transaction"/> (root cached like <see cref="PrimaryTree"/>).</summary>
    public static Tree IndexTree(Transaction transaction, IndexBinding<T, TKey> binding, int index)
    {
        transaction.ThrowIfCompleted();
        return new Tree(transaction, binding.Trees[index], binding.Roots[index], binding.TreesUtf8[index]);
    }
}
