using System.Diagnostics.CodeAnalysis;
using DocStore.Bson;
using DocStore.Diagnostics;
using DocStore.Indexing;
using DocStore.Query;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// The reading part of a collection: gets by key, counts, unique finds, and the lazy scans and index
/// queries, on a snapshot of the last commit or inside a caller's transaction. A null transaction reads the
/// last commit.
/// </summary>
internal sealed partial class CollectionReader<T, TKey>
    where TKey : notnull
{
    private readonly CollectionCore<T, TKey> _core;

    // The core's fields the point reads use on every call, held here so that each is one load away.
    private readonly DocStoreContext _context;
    private readonly CollectionState _state;
    private readonly CollectionFields _fields;
    private readonly string _primaryTree;
    private readonly uint _primaryRoot;

    public CollectionReader(CollectionCore<T, TKey> core)
    {
        _core = core;
        _context = core.Context;
        _state = core.State;
        _fields = core.Fields;
        _primaryTree = core.PrimaryTreeName;
        _primaryRoot = core.PrimaryRoot;
    }

    private string Name => _core.Name;

    public T? Get(TKey key) => TryGet(key, out var document) ? document : default;

    public T? Get(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Lookup(transaction, _core.EncodeKeyScratch(key), static (c, pages, fields, pk) => c.TryGetDocument(pages, pk, out var bytes) ? c.Decode(bytes.Span, fields) : default);
    }

    public bool TryGet(TKey key, [MaybeNullWhen(false)] out T document)
    {
        var found = Lookup(null, _core.EncodeKeyScratch(key), static (c, pages, fields, pk) => c.TryGetDocument(pages, pk, out var bytes) ? (true, c.Decode(bytes.Span, fields)) : (false, default(T)));
        document = found.Item2!;
        return found.Item1;
    }

    public bool Exists(TKey key) => Lookup(null, _core.EncodeKeyScratch(key), static (c, pages, _, pk) => c.TryGetDocument(pages, pk, out var _));

    public bool Exists(DocStoreTransaction transaction, TKey key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Lookup(transaction, _core.EncodeKeyScratch(key), static (c, pages, _, pk) => c.TryGetDocument(pages, pk, out var _));
    }

    public byte[]? GetDocumentBytes(TKey key) =>
        Lookup(null, _core.EncodeKeyScratch(key), static (c, pages, _, pk) => c.TryGetDocument(pages, pk, out var bytes) ? bytes.ToArray() : null);

    public long Count() => Read(null, 0, (c, tx, _, _) => EntryScan.Count(c._core.PrimaryTree(tx), [], null));

    public long Count(DocStoreTransaction transaction)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return Read(transaction, 0, (c, tx, _, _) => EntryScan.Count(c._core.PrimaryTree(tx), [], null));
    }

    /// <summary>Decodes a stored document for a caller; every read path comes through here, so the read metric counts them all.</summary>
    private T Decode(ReadOnlySpan<byte> document, IFieldDictionary fields)
    {
        DocStoreMetrics.CountRead(Name);
        return _core.Model.Read(document, fields);
    }

    private IndexBinding<T, TKey> Bound(Transaction transaction) => _core.Bound(transaction);

    private IndexBinding<T, TKey>? BoundAt(long snapshotLsn) => _core.BoundAt(snapshotLsn);

    private DatabaseCorruptException DanglingEntry(IndexBinding<T, TKey> binding, int index, byte[] primaryKey) =>
        new(_context.Engine.Name, -1, $"index '{binding.Definitions[index].Name}' of collection '{Name}' has an entry for document {KeyText.Describe(primaryKey)}, which does not exist");

    /// <summary><paramref name="index"/>, checked against the index positions this object last knew.</summary>
    public int CheckIndex(int index)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, _core.LastBinding.Trees.Length);
        return index;
    }

    /// <summary>
    /// <paramref name="index"/>, checked again against the binding the operation's transaction sees: the
    /// caller chose the position before the operation began, and an index statement may have committed since.
    /// </summary>
    private int CheckIndex(IndexBinding<T, TKey> binding, int index)
    {
        if (index >= binding.Trees.Length)
        {
            throw new InvalidOperationException($"Collection '{Name}' has {binding.Trees.Length} index(es) now: an index was dropped while this query was being set up; run it again.");
        }

        return index;
    }
}
