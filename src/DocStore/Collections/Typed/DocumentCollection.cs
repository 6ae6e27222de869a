using DocStore.Bson;
using DocStore.Collections;
using DocStore.Metadata;

namespace DocStore;

/// <summary>
/// The base of every generated typed collection (<c>PersonCollection</c>): insert, get, update, delete,
/// scans, paging, explicit transactions, and the index lookups the generated <c>FindBy…</c> methods call.
/// </summary>
/// <remarks>
/// Documents live in one engine tree (encoded primary key -> C-BSON bytes), each index in its own tree
/// (unique: index key -> primary key; otherwise index key + primary key -> empty), all recorded in the
/// catalog (docs/catalog.md). Every operation runs in one write transaction: its own (auto-commit), or the
/// <see cref="DocStoreTransaction"/> passed in as its first argument. Reads run on a snapshot. Thread-safe.
/// </remarks>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1711:Identifiers should not have incorrect suffix", Justification = "A collection of documents in the database sense; it is deliberately not an IEnumerable (use FindAll).")]
public abstract partial class DocumentCollection<T, TKey>
    where TKey : notnull
{
    // A facade: the open state, reads and writes are parts a backend supplies. The embedded engine's are
    // internal parts (Collections/Core, Reading, Writing) that the untyped collection composes too.
    private readonly ICollectionHandle<T, TKey> _core;
    private readonly ICollectionReads<T, TKey> _reader;
    private readonly ICollectionWrites<T, TKey> _writer;

    /// <summary>Opens the collection for <paramref name="model"/> inside <paramref name="context"/>: records it in the catalog, and creates (and builds) or drops indexes whose declarations changed.</summary>
    /// <param name="context">The owning context.</param>
    /// <param name="model">The generated model of <typeparamref name="T"/>.</param>
    /// <exception cref="DuplicateKeyException">A newly declared unique index finds two documents with the same value.</exception>
    /// <exception cref="InvalidOperationException">Another typed model open in this process declares a different index set for the collection, or the collection is open in this process with another key field or key generation.</exception>
    protected DocumentCollection(DocStoreContext context, ICollectionModel<T, TKey> model)
    {
        ArgumentNullException.ThrowIfNull(context);
        var opened = context.Backend is { } backend ? backend.Open(context, model) : CollectionCore<T, TKey>.OpenEmbedded(context, model);
        (_core, _reader, _writer) = (opened.Handle, opened.Reads, opened.Writes);
    }

    /// <summary>The collection name.</summary>
    public string Name => _core.Name;

    /// <summary>The context the collection belongs to.</summary>
    public DocStoreContext Context => _core.Context;

    /// <summary>
    /// The collection's committed field names and their ids, read-only: for the generated field readers and
    /// for converting stored bytes to JSON. Ids are assigned only by writes, inside their transaction, so
    /// <see cref="IFieldDictionary.GetOrAdd"/> returns the id of a committed name and throws
    /// <see cref="InvalidOperationException"/> for a name without one.
    /// </summary>
    public IFieldDictionary Fields => new ReadOnlyFieldDictionary(_core.CommittedFields);

    /// <summary>The generated model of the document type (internal: the generated collection exposes it as its static <c>DocumentModel</c>).</summary>
    internal ICollectionModel<T, TKey> Model => _core.Model;

    /// <summary>True once the collection was dropped or renamed: this object is stale.</summary>
    internal bool IsDropped => _core.IsDropped;

    /// <summary>The embedded engine's reads, for the compiled plans of LINQ queries (Linq/Compiled), which seek as the FindBy methods do; null on another backend.</summary>
    internal CollectionReader<T, TKey>? EmbeddedReader => _reader as CollectionReader<T, TKey>;
}
