using DocStore.Transactions;

namespace DocStore.BTree;

/// <summary>
/// One operation's tree changes, planned before any is made and then applied in order. Planning checks
/// every change against the trees' limits, so applying cannot refuse one halfway for a bad key or value.
/// When the planned changes are all of a transaction's changes, the transaction learns them first: its
/// journal may then start recording them while the pages are being built (docs/storage.md, "Redo log").
/// </summary>
/// <remarks>One instance is reused per thread; the bytes of each change are copied in, so callers may plan from scratch buffers.</remarks>
internal sealed class TreeChanges
{
    private readonly List<Change> _changes = [];
    private byte[] _bytes = new byte[4096];
    private int _used;

    /// <summary>Plans a put of <paramref name="key"/> with <paramref name="value"/> into <paramref name="tree"/>.</summary>
    /// <exception cref="ArgumentException">The key or the value is over the tree's limit.</exception>
    public void Put(Tree tree, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        tree.ValidatePut(key, value);
        _changes.Add(new Change(tree, Append(key), key.Length, Append(value), value.Length, IsPut: true));
    }

    /// <summary>Plans a put of <paramref name="key"/> with a value made of <paramref name="head"/> then <paramref name="body"/>, joined as they are copied in.</summary>
    /// <exception cref="ArgumentException">The key or the value is over the tree's limit.</exception>
    public void Put(Tree tree, ReadOnlySpan<byte> key, ReadOnlySpan<byte> head, ReadOnlySpan<byte> body)
    {
        tree.ValidatePut(key, body);
        if (head.Length > TreeLimits.MaxValueLength - body.Length)
        {
            throw new ArgumentException($"The value is {head.Length + body.Length} bytes; the limit is {TreeLimits.MaxValueLength}.", nameof(body));
        }

        var keyStart = Append(key);
        var valueStart = Append(head);
        Append(body);
        _changes.Add(new Change(tree, keyStart, key.Length, valueStart, head.Length + body.Length, IsPut: true));
    }

    /// <summary>Plans the removal of <paramref name="key"/> from <paramref name="tree"/>.</summary>
    public void Delete(Tree tree, ReadOnlySpan<byte> key) => _changes.Add(new Change(tree, Append(key), key.Length, 0, 0, IsPut: false));

    /// <summary>Makes the planned changes in order, then forgets them.</summary>
    /// <param name="transaction">The transaction the trees belong to.</param>
    /// <param name="wholeTransaction">True when these changes are everything the transaction will change.</param>
    public void Apply(WriteTransaction transaction, bool wholeTransaction)
    {
        try
        {
            if (wholeTransaction && transaction.AnnouncedOperations is { } announced)
            {
                foreach (var change in _changes)
                {
                    if (change.IsPut)
                    {
                        announced.AddPut(change.Tree.NameUtf8, Key(change), Value(change));
                    }
                    else
                    {
                        announced.AddDelete(change.Tree.NameUtf8, Key(change));
                    }
                }

                transaction.StartRedoRecord();
            }

            foreach (var change in _changes)
            {
                if (change.IsPut)
                {
                    change.Tree.Put(Key(change), Value(change));
                }
                else
                {
                    change.Tree.Delete(Key(change));
                }
            }
        }
        finally
        {
            Clear();
        }
    }

    /// <summary>Forgets the planned changes without making them.</summary>
    public void Clear()
    {
        _changes.Clear();
        _used = 0;

        // One huge document must not pin its buffer on the thread for good.
        if (_bytes.Length > 256 * 1024)
        {
            _bytes = new byte[4096];
        }
    }

    private ReadOnlySpan<byte> Key(Change change) => _bytes.AsSpan(change.KeyStart, change.KeyLength);

    private ReadOnlySpan<byte> Value(Change change) => _bytes.AsSpan(change.ValueStart, change.ValueLength);

    private int Append(ReadOnlySpan<byte> bytes)
    {
        if (_used + bytes.Length > _bytes.Length)
        {
            Array.Resize(ref _bytes, Math.Max(_bytes.Length * 2, _used + bytes.Length));
        }

        var start = _used;
        bytes.CopyTo(_bytes.AsSpan(start));
        _used += bytes.Length;
        return start;
    }

    private readonly record struct Change(Tree Tree, int KeyStart, int KeyLength, int ValueStart, int ValueLength, bool IsPut);
}
