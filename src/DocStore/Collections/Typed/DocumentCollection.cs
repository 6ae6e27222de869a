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
    private readonly string[] _indexTrees;
    private readonly Dictionary<string, uint> _roots;
    private readonly uint _primaryRoot;
    private readonly uint[] _indexRoots;

    // The trees' names as redo records carry them, encoded once here instead of by every write's tree objects.
    private readonly byte[] _primaryTreeUtf8;
    private readonly byte[][] _indexTreesUtf8;

    private readonly IndexEntries _entries;
    private readonly int _maxKeyLength;

    /// <summary>The largest serialization buffer a thread keeps between writes (larger documents get a buffer of their own).</summary>
    private const int MaxRetainedDocumentBuffer = 256 * 1024;

    /// <summary>Opens the collection for <paramref name="model"/> inside <paramref name="context"/>: records it in the catalog, and creates (and builds) or drops indexes whose declarations changed.</summary>
    /// <param name="context">The owning context.</param>
    /// <param name="model">The generated model of <typeparamref name="T"/>.</param>
    /// <exception cref="DuplicateKeyException">A newly declared unique index finds two documents with the same value.</exception>
    /// <exception cref="InvalidOperationException">Another object of the context already has this collection open.</exception>
    protected DocumentCollection(DocStoreContext context, ICollectionModel<T, TKey> model)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(model);
        context.ThrowIfDisposed();
        _context = context;
        Model = model;
        _maxKeyLength = TreeLimits.MaxKeyLength(context.Engine.PageSize);
        _entries = new IndexEntries(model.CollectionName, model.Indexes, _maxKeyLength);
        context.Claim(Name);
        try
        {
            _state = context.Engine.IsReadOnly ? OpenReadOnly() : OpenInCatalog();
        }
        catch
        {
            context.Release(Name);
            throw;
        }

        (_fields, _primaryTree, _indexTrees, _roots) = (_state.Fields, _state.PrimaryTree, _state.IndexTrees, _state.Roots);
        (_primaryRoot, _indexRoots) = Roots();
        (_primaryTreeUtf8, _indexTreesUtf8) = TreeNamesUtf8();
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
        Model = model;
        _maxKeyLength = TreeLimits.MaxKeyLength(context.Engine.PageSize);
        _state = state;
        _entries = new IndexEntries(model.CollectionName, model.Indexes, _maxKeyLength);
        (_fields, _primaryTree, _indexTrees, _roots) = (state.Fields, state.PrimaryTree, state.IndexTrees, state.Roots);
        (_primaryRoot, _indexRoots) = Roots();
        (_primaryTreeUtf8, _indexTreesUtf8) = TreeNamesUtf8();
    }

    /// <summary>The collection name.</summary>
    public string Name => Model.CollectionName;

    /// <summary>The generated model of the document type.</summary>
    public ICollectionModel<T, TKey> Model { get; }

    string IModelOwner.CollectionName => Name;

    object IModelOwner.Model => Model;

    /// <summary>The context the collection belongs to.</summary>
    public DocStoreContext Context => _context;

    /// <summary>
    /// The collection's committed field names and their ids, read-only: for the generated field readers and
    /// for converting stored bytes to JSON. Ids are assigned only by writes, inside their transaction.
    /// </summary>
    public IFieldDictionary Fields => new ReadOnlyFieldDictionary(_fields.Committed);

    /// <summary>What this collection shares with other objects of the context over the same collection.</summary>
    private protected CollectionState State => _state;

    /// <summary>The UTF-8 names of the primary tree and of each index tree, by index position.</summary>
    private (byte[] Primary, byte[][] Indexes) TreeNamesUtf8() =>
        (Encoding.UTF8.GetBytes(_primaryTree), [.. _indexTrees.Select(Encoding.UTF8.GetBytes)]);

    /// <summary>The cached root pages of the primary tree and of each index tree, by index position.</summary>
    private (uint Primary, uint[] Indexes) Roots()
    {
        if (Model.Indexes.Count != _indexTrees.Length)
        {
            throw new InvalidOperationException($"The model of collection '{Name}' declares {Model.Indexes.Count} indexes, but the open collection has {_indexTrees.Length}.");
        }

        return (_roots[_primaryTree], [.. _indexTrees.Select(t => _roots[t])]);
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
    private byte[][][] EntryKeys(T document, byte[] primaryKey)
    {
        var sink = CollectionScratch.KeySink ??= new IndexKeySink();
        var result = new byte[Model.Indexes.Count][][];
        for (var i = 0; i < result.Length; i++)
        {
            sink.Clear();
            Model.AppendIndexKeys(i, document, sink);
            result[i] = _entries.Checked(i, sink.Keys, primaryKey.Length);
        }

        return result;
    }

    /// <summary>The distinct index keys of a stored document, per index.</summary>
    private byte[][][] StoredEntryKeys(ReadOnlySpan<byte> stored, IFieldDictionary fields)
    {
        var sink = CollectionScratch.KeySink ??= new IndexKeySink();
        var result = new byte[Model.Indexes.Count][][];
        for (var i = 0; i < result.Length; i++)
        {
            sink.Clear();
            Model.AppendIndexKeys(i, stored, fields, sink);
            result[i] = IndexEntries.Distinct(sink.Keys);
        }

        return result;
    }
}
