using DocStore.Metadata;

namespace DocStore.Collections;

// Primary keys as the trees hold them.
internal sealed partial class CollectionCore<T, TKey>
{
    /// <summary>The encoded primary key, checked against the engine's key limit.</summary>
    public byte[] EncodeKey(TKey key) => EncodeKeyScratch(key).ToArray();

    /// <summary>
    /// The encoded primary key, checked against the engine's key limit, in this thread's scratch builder:
    /// valid until the next encoding on the thread. Point reads use it directly, so a lookup allocates no
    /// key; nothing that can encode another key (or await) may run while the span is in use.
    /// </summary>
    public ReadOnlySpan<byte> EncodeKeyScratch(TKey key)
    {
        if (key is null)
        {
            throw new ArgumentNullException(nameof(key), $"A key of collection '{Name}' must not be null.");
        }

        var builder = CollectionScratch.PrimaryKey ??= new IndexKeyBuilder();
        builder.Clear();
        Model.AppendKey(builder, key);
        var encoded = builder.WrittenSpan;
        if (encoded.Length > MaxKeyLength)
        {
            // A refused giant key must not leave its buffer on the thread.
            CollectionScratch.PrimaryKey = null;
            throw new KeyTooLongException(Name, encoded.Length, MaxKeyLength);
        }

        return encoded;
    }

    /// <summary>The key as messages show it.</summary>
    public static string KeyString(TKey key) => key.ToString() ?? string.Empty;
}
