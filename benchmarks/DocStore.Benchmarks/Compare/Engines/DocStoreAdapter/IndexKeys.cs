using DocStore.Bson.Keys;

namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>
/// The order-preserving keys of the adapter's trees. Primary keys are the encoded id; a unique index maps
/// its key to the primary key; a non-unique or multikey index stores <c>index key + primary key</c> with an
/// empty value, so equal index keys sort by primary key and the primary key is the entry's tail.
/// </summary>
internal static class IndexKeys
{
    /// <summary>Room for every key the adapter builds (short strings and integers).</summary>
    public const int MaxSize = 256;

    public static int Primary(Span<byte> destination, long id)
    {
        var writer = new KeyWriter(destination);
        writer.WriteInt64(id);
        return writer.BytesWritten;
    }

    public static int String(Span<byte> destination, string value)
    {
        var writer = new KeyWriter(destination);
        writer.WriteString(value);
        return writer.BytesWritten;
    }

    public static int Int32(Span<byte> destination, int value)
    {
        var writer = new KeyWriter(destination);
        writer.WriteInt32(value);
        return writer.BytesWritten;
    }

    public static int StringThenPrimary(Span<byte> destination, string value, long id)
    {
        var writer = new KeyWriter(destination);
        writer.WriteString(value);
        writer.WriteInt64(id);
        return writer.BytesWritten;
    }

    public static int Int32ThenPrimary(Span<byte> destination, int value, long id)
    {
        var writer = new KeyWriter(destination);
        writer.WriteInt32(value);
        writer.WriteInt64(id);
        return writer.BytesWritten;
    }

    /// <summary>The primary key at the tail of a non-unique index entry (everything after the first component).</summary>
    public static ReadOnlySpan<byte> PrimaryTail(ReadOnlySpan<byte> entry)
    {
        var reader = new KeyReader(entry);
        reader.Skip();
        return reader.Remaining;
    }
}
