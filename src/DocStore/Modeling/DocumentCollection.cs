using System.Buffers;
using System.Collections;
using System.Diagnostics.CodeAnalysis;
using DocStore.Bson;

namespace DocStore.Modeling;

/// <summary>
/// The base of every generated typed collection (<c>PersonCollection</c>): insert, get, update,
/// delete, scans, and the index lookups the generated <c>FindBy…</c> methods call.
/// </summary>
/// <remarks>
/// Documents are stored as C-BSON bytes under their encoded primary key, and every index as sorted
/// (index key, primary key) entries, so the behaviour (ordering, uniqueness, schema evolution) is the
/// storage engine's. Until issue 5 wires collections to the B+tree engine, both live in memory: nothing
/// is persisted, whatever path the context was opened with.
/// </remarks>
/// <typeparam name="T">The document type.</typeparam>
/// <typeparam name="TKey">The primary key type.</typeparam>
public abstract partial class DocumentCollection<T, TKey> : IEnumerable<T>
    where TKey : notnull
{
    private readonly DocStoreContext _context;
    private readonly SortedDictionary<byte[], byte[]> _documents = new(ByteArrayComparer.Instance);
    private readonly List<IndexEntry>[] _indexes;
    private readonly FieldDictionary _fields = new();
    private readonly Lock _lock = new();
    private long _lastSequence;

    /// <summary>Creates the collection for <paramref name="model"/> inside <paramref name="context"/>.</summary>
    /// <param name="context">The owning context.</param>
    /// <param name="model">The generated model of <typeparamref name="T"/>.</param>
    protected DocumentCollection(DocStoreContext context, ICollectionModel<T, TKey> model)
    {
        ArgumentNullException.ThrowIfNull(context);
        ArgumentNullException.ThrowIfNull(model);
        _context = context;
        Model = model;
        _indexes = new List<IndexEntry>[model.Indexes.Count];
        for (int i = 0; i < _indexes.Length; i++)
        {
            _indexes[i] = [];
        }
    }

    /// <summary>The collection name.</summary>
    public string Name => Model.CollectionName;

    /// <summary>The generated model of the document type.</summary>
    public ICollectionModel<T, TKey> Model { get; }

    /// <summary>The collection's field dictionary (stored field names and their ids).</summary>
    public IFieldDictionary Fields => _fields;

    /// <summary>
    /// Inserts <paramref name="document"/>. A default ObjectId or Guid key is generated, an int or long
    /// key of 0 takes the next sequence number; the generated key is stored into the document (for
    /// class documents the caller sees it) and returned.
    /// </summary>
    /// <param name="document">The document.</param>
    /// <returns>The document's key.</returns>
    /// <exception cref="DuplicateKeyException">The key, or a unique index value, is taken.</exception>
    public TKey Insert(T document)
    {
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            TKey key = Model.GetKey(document);
            if (Model.IsDefaultKey(key))
            {
                key = Model.NewKey(_lastSequence + 1);
                Model.SetKey(ref document, key);
            }

            byte[] primaryKey = EncodeKey(key);
            if (_documents.ContainsKey(primaryKey))
            {
                throw new DuplicateKeyException(Name, null, key.ToString() ?? string.Empty);
            }

            List<byte[]>[] indexKeys = IndexKeys(document);
            CheckUnique(indexKeys, primaryKey, key);
            _documents.Add(primaryKey, Serialize(document));
            AddIndexEntries(indexKeys, primaryKey);
            _lastSequence = Math.Max(_lastSequence, Model.GetSequence(key));
            return key;
        }
    }

    /// <summary>Replaces the stored document that has <paramref name="document"/>'s key.</summary>
    /// <param name="document">The new version.</param>
    /// <returns>False when no document has that key.</returns>
    /// <exception cref="DuplicateKeyException">A unique index value is taken by another document.</exception>
    public bool Update(T document)
    {
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            TKey key = Model.GetKey(document);
            byte[] primaryKey = EncodeKey(key);
            if (!_documents.TryGetValue(primaryKey, out byte[]? old))
            {
                return false;
            }

            List<byte[]>[] indexKeys = IndexKeys(document);
            CheckUnique(indexKeys, primaryKey, key);
            RemoveIndexEntries(StoredIndexKeys(old), primaryKey);
            _documents[primaryKey] = Serialize(document);
            AddIndexEntries(indexKeys, primaryKey);
            return true;
        }
    }

    /// <summary>Deletes the document with <paramref name="key"/>.</summary>
    /// <param name="key">The key.</param>
    /// <returns>False when no document has that key.</returns>
    public bool Delete(TKey key)
    {
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            byte[] primaryKey = EncodeKey(key);
            if (!_documents.Remove(primaryKey, out byte[]? old))
            {
                return false;
            }

            RemoveIndexEntries(StoredIndexKeys(old), primaryKey);
            return true;
        }
    }

    /// <summary>The document with <paramref name="key"/>, or null (default for struct documents).</summary>
    /// <param name="key">The key.</param>
    /// <returns>The document or null.</returns>
    public T? Get(TKey key) => TryGet(key, out T? document) ? document : default;

    /// <summary>Looks a document up by key.</summary>
    /// <param name="key">The key.</param>
    /// <param name="document">The document when found.</param>
    /// <returns>True when found.</returns>
    public bool TryGet(TKey key, [MaybeNullWhen(false)] out T document)
    {
        byte[]? stored = GetDocumentBytes(key);
        if (stored is null)
        {
            document = default;
            return false;
        }

        document = Model.Read(stored, _fields);
        return true;
    }

    /// <summary>The stored C-BSON bytes of the document with <paramref name="key"/>, for the generated field readers; null when absent.</summary>
    /// <param name="key">The key.</param>
    /// <returns>The bytes (the stored array: do not modify it) or null.</returns>
    public byte[]? GetDocumentBytes(TKey key)
    {
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            return _documents.TryGetValue(EncodeKey(key), out byte[]? stored) ? stored : null;
        }
    }

    /// <summary>How many documents the collection holds.</summary>
    /// <returns>The count.</returns>
    public long Count()
    {
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            return _documents.Count;
        }
    }

    /// <summary>Every document in primary key order; lazy over a snapshot of the keys.</summary>
    /// <returns>The documents.</returns>
    public IEnumerable<T> FindAll()
    {
        List<byte[]> documents;
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            documents = [.. _documents.Values];
        }

        foreach (byte[] stored in documents)
        {
            yield return Model.Read(stored, _fields);
        }
    }

    /// <summary>Enumerates every document in primary key order (same as <see cref="FindAll"/>).</summary>
    /// <returns>The enumerator.</returns>
    public IEnumerator<T> GetEnumerator() => FindAll().GetEnumerator();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    private byte[] EncodeKey(TKey key)
    {
        var builder = new IndexKeyBuilder();
        Model.AppendKey(builder, key);
        return builder.ToArray();
    }

    private byte[] Serialize(T document)
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        var writer = new CBsonWriter(buffer);
        Model.Write(ref writer, document, _fields);
        return buffer.WrittenSpan.ToArray();
    }
}
