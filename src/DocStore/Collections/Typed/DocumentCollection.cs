using System.Buffers;
using System.Collections;
using System.Text;
using DocStore.Bson;
using DocStore.Bson.Keys;
using DocStore.BTree;
using DocStore.Collections;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore;

/// <summary>
/// The base of every generated typed collection (<c>PersonCollection</c>): insert, get, update, delete,
/// scans, paging, explicit transactions, and the index lookups the generated <c>FindBy…</c> methods call.
/// </summary>
/// <remarks>
/// Documents live in one engine tree (encoded primary key -> C-BSON bytes), each index in its own tree
/// (unique: index key -> primary key; otherwise index key + primary key -> empty), all recorded in the
/// catalog (docs/catalog.md). Every operation runs in one write transaction: its own (auto-commit), or the
/// <see cref="DocStoreTransaction"/> passed in. Reads run on a snapshot. Thread-safe.
/// </remarks>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "A collection of documents in the database sense; it is deliberately not an IEnumerable (use FindAll).")]
public abstract partial class DocumentCollection<T, TKey> : ICheckedCollection, IModelOwner
    where TKey : notnull
{
    private readonly DocStoreContext _context;
    private readonly CollectionState _state;
    private readonly CollectionFields _fields;
    private readonly string _primaryTree;
    private readonly Dictionary<string, uint> _roots;
    private readonly uint _primaryRoot;

    // The primary tree's name as redo records carry it, encoded once here instead of by every write's tree objects.
    private readonly byte[] _primaryTreeUtf8;

    private readonly int _maxKeyLength;

    /// <summary>The largest serialization buffer a thread keeps between writes (larger documents get a buffer of their own).</summary>
    private const int MaxRetainedDocumentBuffer = 256 * 1024;

    /// <summary>Opens the collection for <paramref name="model"/> inside <paramref name="context"/>: records it in the catalog, and creates (and builds) or drops indexes whose declarations changed.</summary>
    /// <param name="context">The owning context.</param>
    /// <param name="model">The generated model of <typeparamref name="T"/>.</param>
    /// <exception cref="DuplicateKeyException">A newly declared unique index finds two documents with the same value.</exception>
    /// <exception cref="InvalidOperationException">Another typed model open in this process declares a different index set for the collection, or the collection is open in this process with another key field or key generation.</exception>
    protected DocumentCollection(DocStoreContext context, ICollectionModel<T, TKey> model)
        : this(context, model, (WriteTransaction?)null)
    {
    }

    /// <summary>Opens the collection like the public constructor; inside <paramref name="within"/> when given (SQL opens a collection in the transaction that holds the write lock), else in a transaction of its own.</summary>
    private protected DocumentCollection(DocStoreContext context, ICollectionModel<T, TKey> model, WriteTransaction? within)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(model);
        context.ThrowIfDisposed();
        _context = context;
        _maxKeyLength = TreeLimits.MaxKeyLength(context.Engine.PageSize);
        _binding = new IndexBinding(new IndexSet([], [], [], -1), model, _maxKeyLength);
        if (context.ClaimOrShare(Name) is { } shared)
        {
            // Another context on the same file has the collection open: share its state (docs/decisions.md). An
            // untyped model follows whatever set is open; a typed one makes the open set its declared one.
            _state = model is Collections.Untyped.BsonDocumentModel ? shared : Share(shared, within);
        }
        else
        {
            try
            {
                _state = context.Engine.IsReadOnly ? OpenReadOnly() : OpenInCatalog(within);
            }
            catch
            {
                context.Release(Name);
                throw;
            }
        }

        (_fields, _primaryTree, _roots) = (_state.Fields, _state.PrimaryTree, _state.Roots);
        _binding = Binding(model);
        _primaryRoot = _roots[_primaryTree];
        _primaryTreeUtf8 = Encoding.UTF8.GetBytes(_primaryTree);
        if (model is not Collections.Untyped.BsonDocumentModel)
        {
            // From now on this process's typed model owns the collection's index set (SQL refuses to change it).
            _state.MarkModelOwned();
        }

        context.Register(this, _state);
    }

    /// <summary>A second object over a collection that <paramref name="state"/> describes, already open in <paramref name="context"/> (an untyped view of a typed collection): it shares the trees, field dictionary and sequence, and changes no catalog record.</summary>
    private protected DocumentCollection(DocStoreContext context, ICollectionModel<T, TKey> model, CollectionState state)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(model);
        ArgumentNullException.ThrowIfNull(state);
        context.ThrowIfDisposed();
        _context = context;
        _maxKeyLength = TreeLimits.MaxKeyLength(context.Engine.PageSize);
        _state = state;
        (_fields, _primaryTree, _roots) = (state.Fields, state.PrimaryTree, state.Roots);
        _binding = Binding(model);
        _primaryRoot = _roots[_primaryTree];
        _primaryTreeUtf8 = Encoding.UTF8.GetBytes(_primaryTree);
    }

    /// <summary>The collection name.</summary>
    public string Name => Model.CollectionName;

    /// <summary>True once the collection was dropped or renamed: this object is stale.</summary>
    internal bool IsDropped => _state.Dropped;

    /// <summary>The generated model of the document type.</summary>
    public ICollectionModel<T, TKey> Model => Volatile.Read(ref _binding).Model;

    string IModelOwner.CollectionName => Name;

    object IModelOwner.Model => Model;

    void IModelOwner.CheckReadable(ReadOnlySpan<byte> document, IFieldDictionary fields) => Model.Read(document, fields);

    /// <summary>The context the collection belongs to.</summary>
    public DocStoreContext Context => _context;

    /// <summary>
    /// The collection's committed field names and their ids, read-only: for the generated field readers and
    /// for converting stored bytes to JSON. Ids are assigned only by writes, inside their transaction.
    /// </summary>
    public IFieldDictionary Fields => new ReadOnlyFieldDictionary(_fields.Committed);

    /// <summary>What this collection shares with other objects of the context over the same collection.</summary>
    private protected CollectionState State => _state;

    /// <summary>The binding of <paramref name="model"/> to the shared index set (an untyped model is rebuilt for the set when an index statement changed it meanwhile).</summary>
    private IndexBinding Binding(ICollectionModel<T, TKey> model)
    {
        var set = _state.IndexSet;
        if (model.Indexes.Count != set.Trees.Length || !model.Indexes.Zip(set.Definitions).All(p => p.First.SameAs(p.Second)))
        {
            model = model is Collections.Untyped.BsonDocumentModel untyped
                ? (ICollectionModel<T, TKey>)(object)new Collections.Untyped.BsonDocumentModel(untyped.CollectionName, set.Definitions, untyped.KeyField, untyped.KeyGeneration)
                : throw new InvalidOperationException($"The model of collection '{model.CollectionName}' declares {model.Indexes.Count} indexes, but the open collection has {set.Trees.Length} ({string.Join(", ", set.Definitions.Select(d => d.Name))}).");
        }

        return new IndexBinding(set, model, _maxKeyLength);
    }

    /// <summary>The encoded primary key, checked against the engine's key limit.</summary>
    private byte[] EncodeKey(TKey key) => EncodeKeyScratch(key).ToArray();

    /// <summary>
    /// The encoded primary key, checked against the engine's key limit, in this thread's scratch builder:
    /// valid until the next encoding on the thread. Point reads use it directly, so a lookup allocates no
    /// key; nothing that can encode another key (or await) may run while the span is in use.
    /// </summary>
    private ReadOnlySpan<byte> EncodeKeyScratch(TKey key)
    {
        if (key is null)
        {
            throw new ArgumentNullException(nameof(key), $"A key of collection '{Name}' must not be null.");
        }

        var builder = CollectionScratch.PrimaryKey ??= new IndexKeyBuilder();
        builder.Clear();
        Model.AppendKey(builder, key);
        var encoded = builder.WrittenSpan;
        if (encoded.Length > _maxKeyLength)
        {
            // A refused giant key must not leave its buffer on the thread.
            CollectionScratch.PrimaryKey = null;
            throw new KeyTooLongException(Name, encoded.Length, _maxKeyLength);
        }

        return encoded;
    }

    /// <summary>The document's C-BSON bytes in this thread's scratch writer: valid until the next serialization on the thread (the caller stores them first).</summary>
    private ReadOnlySpan<byte> Serialize(T document, IFieldDictionary fields, TKey key)
    {
        var buffer = CollectionScratch.Document ??= new ArrayBufferWriter<byte>(1024);
        buffer.ResetWrittenCount();
        var writer = new CBsonWriter(buffer);
        try
        {
            Model.Write(ref writer, document, fields);
        }
        catch (CBsonLimitException e) when (e.Limit != CBsonLimit.Depth)
        {
            // Depth is a model problem with its own message; any size limit means the document is too large.
            throw new DocumentTooLargeException(Name, KeyString(key), Math.Max(buffer.WrittenCount, CBsonLimits.MaxDocumentSize + 1L), CBsonLimits.MaxDocumentSize);
        }
        catch (ArgumentException e) when (writer.Depth > 0 && e is not ArgumentNullException)
        {
            // Text with no UTF-8 form (a lone surrogate) or a name a field dictionary refuses: the writer was
            // left at the value it refused, so the message can say which field of which document holds it.
            throw new ArgumentException($"Document {KeyString(key)} of collection '{Name}': field '{writer.DescribeCurrentPath(fields)}' cannot be stored: {e.Message}", nameof(document), e);
        }
        finally
        {
            // One huge document must not pin its buffer on the thread for good.
            if (buffer.Capacity > MaxRetainedDocumentBuffer)
            {
                CollectionScratch.Document = null;
            }
        }

        if (buffer.WrittenCount > CBsonLimits.MaxDocumentSize)
        {
            throw new DocumentTooLargeException(Name, KeyString(key), buffer.WrittenCount, CBsonLimits.MaxDocumentSize);
        }

        return buffer.WrittenSpan;
    }

    private static string KeyString(TKey key) => key.ToString() ?? string.Empty;

    /// <summary>The distinct index keys of a live document, per index, each checked against the engine's key limit.</summary>
    /// <exception cref="DocumentSchemaException">An indexed value cannot be a key; the message names the collection, the document's key and the field.</exception>
    private byte[][][] EntryKeys(IndexBinding binding, T document, TKey key, byte[] primaryKey)
    {
        var sink = CollectionScratch.KeySink ??= new IndexKeySink();
        var result = new byte[binding.Definitions.Count][][];
        for (var i = 0; i < result.Length; i++)
        {
            sink.Clear();
            try
            {
                binding.Model.AppendIndexKeys(i, document, sink);
            }
            catch (DocumentSchemaException e) when (e.Collection is null)
            {
                throw e.InCollection(Name, KeyString(key));
            }

            result[i] = binding.Entries.Checked(i, sink.Keys, primaryKey.Length);
        }

        return result;
    }

    /// <summary>The distinct index keys of a stored document, per index.</summary>
    private static byte[][][] StoredEntryKeys(IndexBinding binding, ReadOnlySpan<byte> stored, IFieldDictionary fields)
    {
        var sink = CollectionScratch.KeySink ??= new IndexKeySink();
        var result = new byte[binding.Definitions.Count][][];
        for (var i = 0; i < result.Length; i++)
        {
            sink.Clear();
            binding.Model.AppendIndexKeys(i, stored, fields, sink);
            result[i] = IndexEntries.Distinct(sink.Keys);
        }

        return result;
    }
}
