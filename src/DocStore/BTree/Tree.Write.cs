namespace DocStore.BTree;

/// <summary>Changes: each checks its input and its transaction, has a part make it, then records it for redo.</summary>
internal sealed partial class Tree
{
    /// <summary>Inserts <paramref name="key"/> or replaces its value.</summary>
    /// <exception cref="ArgumentException">The key is longer than <see cref="MaxKeyLength"/> or the value longer than <see cref="TreeLimits.MaxValueLength"/>.</exception>
    /// <exception cref="InvalidOperationException">The tree belongs to a read transaction.</exception>
    public void Put(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        var writer = Writer();
        ValidatePut(key, value);

        if (CompressedValue.TryCompress(_tx.Pager.Compression, value, out var packed))
        {
            using (packed)
            {
                TreeInsertion.Store(this, writer, key, packed.Span, compressed: true);
            }
        }
        else
        {
            TreeInsertion.Store(this, writer, key, value, compressed: false);
        }

        // Recorded once the change is made: a put that failed its checks changed nothing to replay.
        if (writer.RecordsChanges)
        {
            writer.RecordPut(NameUtf8, key, value);
        }
    }

    /// <summary>Refuses what <see cref="Put"/> would refuse for its key or value.</summary>
    /// <exception cref="ArgumentException">The key or the value is over the limit.</exception>
    internal void ValidatePut(ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        if (key.Length > MaxKeyLength)
        {
            throw new ArgumentException($"The key is {key.Length} bytes; tree '{Name}' accepts at most {MaxKeyLength} at page size {PageSize}.", nameof(key));
        }

        if (value.Length > TreeLimits.MaxValueLength)
        {
            throw new ArgumentException($"The value is {value.Length} bytes; the limit is {TreeLimits.MaxValueLength}.", nameof(value));
        }
    }

    /// <summary>Removes <paramref name="key"/>; returns false when it was not there.</summary>
    /// <exception cref="InvalidOperationException">The tree belongs to a read transaction.</exception>
    public bool Delete(ReadOnlySpan<byte> key)
    {
        var writer = Writer();
        if (key.Length > MaxKeyLength || !TreeDeletion.Remove(this, writer, key))
        {
            return false;
        }

        if (writer.RecordsChanges)
        {
            writer.RecordDelete(NameUtf8, key);
        }

        return true;
    }

    /// <summary>Frees every page of the tree, its root included (used when the tree is dropped).</summary>
    internal void FreeAllPages() => TreeDrop.FreeAllPages(this, Writer());
}
