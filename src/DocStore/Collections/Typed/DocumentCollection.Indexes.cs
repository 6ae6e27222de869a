using DocStore.Collections;
using DocStore.Metadata;

namespace DocStore;

// The index queries the generated FindBy… and CountBy… methods call, by index position and encoded key. An
// explicit transaction comes first, as in every other operation; without one they read the last commit.
public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>The longest query key whose buffer <see cref="QueryKey"/> keeps for the next query on the thread.</summary>
    private const int MaxRetainedQueryKey = 16 * 1024;

    /// <summary>
    /// This thread's query key builder, cleared. The generated <c>FindBy…</c> and <c>CountBy…</c> methods
    /// build their key in it rather than in a new builder. It is valid until the next call on the same
    /// thread: pass it on, or copy it, before building another key.
    /// </summary>
    /// <returns>The cleared builder.</returns>
    protected static IndexKeyBuilder QueryKey()
    {
        var builder = CollectionScratch.QueryKey;
        if (builder is null || builder.WrittenSpan.Length > MaxRetainedQueryKey)
        {
            // A first call, or the last key was huge (a query value no stored key can match): start small again.
            CollectionScratch.QueryKey = builder = new IndexKeyBuilder();
        }

        builder.Clear();
        return builder;
    }

    /// <summary>The one document whose key in unique <paramref name="index"/> equals <paramref name="key"/> in the last commit, or null.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded index key.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return _reader.FindUnique(null, index, key);
    }

    /// <summary>The one document whose key in unique <paramref name="index"/> equals <paramref name="key"/>, as <paramref name="transaction"/> sees it (its changes included), or null.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded index key.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(DocStoreTransaction transaction, int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(key);
        return _reader.FindUnique(transaction, index, key);
    }

    /// <summary>The one document whose key in unique <paramref name="index"/> is the key built in <paramref name="key"/> (read in place, not copied) in the last commit, or null.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The built key, typically from <see cref="QueryKey"/>.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(int index, IndexKeyBuilder key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return _reader.FindUnique(null, index, key.WrittenSpan);
    }

    /// <summary>The one document whose key in unique <paramref name="index"/> is the key built in <paramref name="key"/>, as <paramref name="transaction"/> sees it, or null.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The built key, typically from <see cref="QueryKey"/>.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(DocStoreTransaction transaction, int index, IndexKeyBuilder key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(key);
        return _reader.FindUnique(transaction, index, key.WrittenSpan);
    }

    /// <summary>
    /// The documents whose key in <paramref name="index"/> starts with the complete components in
    /// <paramref name="key"/> (every component for equality, the leading ones for a composite prefix),
    /// in index order (then primary key order).
    /// </summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <param name="options">Ordering and paging; null for all, ascending.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindEqual(int index, byte[] key, QueryOptions? options = null) => FindPrefix(index, key, options);

    /// <summary>Like <see cref="FindEqual(int, byte[], QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <param name="options">Ordering and paging; null for all, ascending.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindEqual(DocStoreTransaction transaction, int index, byte[] key, QueryOptions? options = null) => FindPrefix(transaction, index, key, options);

    /// <summary>The documents whose key in <paramref name="index"/> starts with <paramref name="prefix"/> bytes, in index order.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="prefix">The encoded prefix (complete components, or a string prefix last).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindPrefix(int index, byte[] prefix, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        return _reader.Query(null, _reader.CheckIndex(index), prefix, prefix, options);
    }

    /// <summary>Like <see cref="FindPrefix(int, byte[], QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="prefix">The encoded prefix (complete components, or a string prefix last).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindPrefix(DocStoreTransaction transaction, int index, byte[] prefix, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(prefix);
        return _reader.Query(transaction, _reader.CheckIndex(index), prefix, prefix, options);
    }

    /// <summary>
    /// The documents whose key in <paramref name="index"/> lies in [<paramref name="low"/>, <paramref name="high"/>],
    /// in index order. A document matching through several elements of a multikey path appears once, at its first match.
    /// </summary>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound (inclusive).</param>
    /// <param name="high">The encoded upper bound (inclusive).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindRange(int index, byte[] low, byte[] high, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(high);
        return _reader.Query(null, _reader.CheckIndex(index), low, high, options);
    }

    /// <summary>Like <see cref="FindRange(int, byte[], byte[], QueryOptions?)"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound (inclusive).</param>
    /// <param name="high">The encoded upper bound (inclusive).</param>
    /// <param name="options">Ordering and paging.</param>
    /// <returns>The lazy query.</returns>
    protected DocumentQuery<T> FindRange(DocStoreTransaction transaction, int index, byte[] low, byte[] high, QueryOptions? options = null)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(high);
        return _reader.Query(transaction, _reader.CheckIndex(index), low, high, options);
    }

    /// <summary>How many documents have an entry in <paramref name="index"/> that starts with <paramref name="key"/> in the last commit, counted from the index alone (no document is read).</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <returns>The number of documents (one matching through several elements of a multikey path counts once).</returns>
    protected long CountEqual(int index, byte[] key) => _reader.CountEqual(null, index, key);

    /// <summary>Like <see cref="CountEqual(int, byte[])"/>, as <paramref name="transaction"/> sees the collection.</summary>
    /// <param name="transaction">The explicit transaction.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <returns>The number of documents.</returns>
    protected long CountEqual(DocStoreTransaction transaction, int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(transaction);
        return _reader.CountEqual(transaction, index, key);
    }
}
