namespace DocStore.Modeling;

public abstract partial class DocumentCollection<T, TKey>
{
    /// <summary>The one document whose key in <paramref name="index"/> equals <paramref name="key"/>, or null.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded index key.</param>
    /// <returns>The document or null.</returns>
    protected T? FindUnique(int index, byte[] key)
    {
        foreach (T document in FindEqual(index, key))
        {
            return document;
        }

        return default;
    }

    /// <summary>
    /// The documents whose key in <paramref name="index"/> starts with the complete components in
    /// <paramref name="key"/> (every component for equality, the leading ones for a composite prefix),
    /// in index order.
    /// </summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <returns>A lazy sequence over a snapshot of the matching keys.</returns>
    protected IEnumerable<T> FindEqual(int index, byte[] key) => FindPrefix(index, key);

    /// <summary>The documents whose key in <paramref name="index"/> starts with <paramref name="prefix"/> bytes, in index order.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="prefix">The encoded prefix (complete components, or a string prefix last).</param>
    /// <returns>A lazy sequence over a snapshot of the matching keys.</returns>
    protected IEnumerable<T> FindPrefix(int index, byte[] prefix)
    {
        ArgumentNullException.ThrowIfNull(prefix);
        return ReadAll(Scan(index, prefix, entry => entry.IndexKey.AsSpan().StartsWith(prefix)));
    }

    /// <summary>The documents whose key in a single-path <paramref name="index"/> lies in [<paramref name="low"/>, <paramref name="high"/>], in index order.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound (inclusive).</param>
    /// <param name="high">The encoded upper bound (inclusive).</param>
    /// <returns>A lazy sequence over a snapshot of the matching keys.</returns>
    protected IEnumerable<T> FindRange(int index, byte[] low, byte[] high)
    {
        ArgumentNullException.ThrowIfNull(low);
        ArgumentNullException.ThrowIfNull(high);
        return ReadAll(Scan(index, low, entry => entry.IndexKey.AsSpan().SequenceCompareTo(high) <= 0));
    }

    /// <summary>How many index entries of <paramref name="index"/> start with <paramref name="key"/>.</summary>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded components.</param>
    /// <returns>The number of documents (a document matching through several elements counts once).</returns>
    protected long CountEqual(int index, byte[] key)
    {
        ArgumentNullException.ThrowIfNull(key);
        return Scan(index, key, entry => entry.IndexKey.AsSpan().StartsWith(key)).Count;
    }

    /// <summary>
    /// Primary keys of the entries from the first one at or after <paramref name="from"/> while
    /// <paramref name="inRange"/> holds. A multikey index can hold several matching entries for one
    /// document; each document is returned once, at its first entry in index order.
    /// </summary>
    private List<byte[]> Scan(int index, byte[] from, Func<IndexEntry, bool> inRange)
    {
        lock (_lock)
        {
            _context.ThrowIfDisposed();
            List<IndexEntry> entries = _indexes[index];
            int position = entries.BinarySearch(new IndexEntry(from, []));
            var result = new List<byte[]>();
            HashSet<byte[]>? seen = Model.Indexes[index].Multikey ? new(ByteArrayEqualityComparer.Instance) : null;
            for (int i = position < 0 ? ~position : position; i < entries.Count && inRange(entries[i]); i++)
            {
                if (seen is null || seen.Add(entries[i].PrimaryKey))
                {
                    result.Add(entries[i].PrimaryKey);
                }
            }

            return result;
        }
    }

    private IEnumerable<T> ReadAll(List<byte[]> primaryKeys)
    {
        foreach (byte[] primaryKey in primaryKeys)
        {
            byte[]? stored;
            lock (_lock)
            {
                _documents.TryGetValue(primaryKey, out stored);
            }

            // A document deleted after the scan is skipped, as a snapshot reader would not see it either.
            if (stored is not null)
            {
                yield return Model.Read(stored, _fields);
            }
        }
    }

    private List<byte[]>[] IndexKeys(T document)
    {
        var sink = new IndexKeySink();
        var result = new List<byte[]>[_indexes.Length];
        for (int i = 0; i < _indexes.Length; i++)
        {
            sink.Clear();
            Model.AppendIndexKeys(i, document, sink);
            result[i] = [.. sink.Keys];
        }

        return result;
    }

    private List<byte[]>[] StoredIndexKeys(byte[] stored)
    {
        var sink = new IndexKeySink();
        var result = new List<byte[]>[_indexes.Length];
        for (int i = 0; i < _indexes.Length; i++)
        {
            sink.Clear();
            Model.AppendIndexKeys(i, stored, _fields, sink);
            result[i] = [.. sink.Keys];
        }

        return result;
    }

    private void CheckUnique(List<byte[]>[] indexKeys, byte[] primaryKey, TKey key)
    {
        for (int i = 0; i < _indexes.Length; i++)
        {
            if (!Model.Indexes[i].Unique)
            {
                continue;
            }

            foreach (byte[] indexKey in indexKeys[i])
            {
                List<IndexEntry> entries = _indexes[i];
                int position = entries.BinarySearch(new IndexEntry(indexKey, []));
                int first = position < 0 ? ~position : position;
                if (first < entries.Count && entries[first].IndexKey.AsSpan().SequenceEqual(indexKey)
                    && !entries[first].PrimaryKey.AsSpan().SequenceEqual(primaryKey))
                {
                    throw new DuplicateKeyException(Name, Model.Indexes[i].Name, key.ToString() ?? string.Empty);
                }
            }
        }
    }

    private void AddIndexEntries(List<byte[]>[] indexKeys, byte[] primaryKey)
    {
        for (int i = 0; i < _indexes.Length; i++)
        {
            foreach (byte[] indexKey in indexKeys[i])
            {
                var entry = new IndexEntry(indexKey, primaryKey);
                int position = _indexes[i].BinarySearch(entry);
                if (position < 0)
                {
                    _indexes[i].Insert(~position, entry);
                }
            }
        }
    }

    private void RemoveIndexEntries(List<byte[]>[] indexKeys, byte[] primaryKey)
    {
        for (int i = 0; i < _indexes.Length; i++)
        {
            foreach (byte[] indexKey in indexKeys[i])
            {
                int position = _indexes[i].BinarySearch(new IndexEntry(indexKey, primaryKey));
                if (position >= 0)
                {
                    _indexes[i].RemoveAt(position);
                }
            }
        }
    }
}
