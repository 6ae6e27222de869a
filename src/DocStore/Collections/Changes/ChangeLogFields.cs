using System.Buffers.Binary;
using System.Text;
using DocStore.Bson;
using DocStore.BTree;

namespace DocStore.Collections.Changes;

/// <summary>
/// The change log's own copy of the field names its entries' C-BSON was written with, so an entry reads back
/// whatever later happens to its collection (new fields, a drop, a new collection of the same name). Each
/// copy has an id that entries carry; a collection's copy grows while its dictionary only gains names, and a
/// dictionary that no longer agrees with it gets a new copy (docs/storage.md, "Change log"). All keys start
/// with eight zero bytes, so they sort between the log's identity and its first change.
/// </summary>
internal static class ChangeLogFields
{
    private const byte NextIdTag = 0;
    private const byte LatestTag = 1;
    private const byte NamesTag = 2;

    /// <summary>
    /// The id of a copy of <paramref name="fields"/> in <paramref name="log"/>, planning into
    /// <paramref name="changes"/> the writes that make one (rare: a collection's first change, or new names).
    /// </summary>
    public static uint Plan(TreeChanges changes, Tree log, ChangeLogState state, string collection, IFieldDictionary fields)
    {
        if (state.KnownFields(collection, fields) is { } known)
        {
            return known;
        }

        var latestKey = MetaKey(LatestTag, Encoding.UTF8.GetByteCount(collection));
        Encoding.UTF8.GetBytes(collection, latestKey.AsSpan(9));
        if (log.TryGet(latestKey, out var latest) && latest.Length == 4)
        {
            var id = BinaryPrimitives.ReadUInt32LittleEndian(latest.Span);
            var namesKey = NamesKey(id);
            if (log.TryGet(namesKey, out var names) && Agrees(names.Span, fields, out var count))
            {
                if (count != fields.Count)
                {
                    // Only names were added: the copy grows, and entries written with it still read the same.
                    changes.Put(log, namesKey, Encode(fields));
                }

                return id;
            }
        }

        var nextKey = MetaKey(NextIdTag, 0);
        var next = log.TryGet(nextKey, out var stored) && stored.Length == 4 ? BinaryPrimitives.ReadUInt32LittleEndian(stored.Span) : 1;
        Span<byte> number = stackalloc byte[4];
        BinaryPrimitives.WriteUInt32LittleEndian(number, checked(next + 1));
        changes.Put(log, nextKey, number);
        BinaryPrimitives.WriteUInt32LittleEndian(number, next);
        changes.Put(log, latestKey, number);
        changes.Put(log, NamesKey(next), Encode(fields));
        return next;
    }

    /// <summary>The copy <paramref name="id"/> of <paramref name="log"/>, as stored (read it with <see cref="Parse"/>).</summary>
    /// <exception cref="DatabaseCorruptException">The log has no such copy.</exception>
    public static ReadOnlyMemory<byte> Stored(Tree log, uint id)
    {
        Span<byte> key = stackalloc byte[13];
        WriteNamesKey(key, id);
        return log.TryGet(key, out var value)
            ? value
            : throw new DatabaseCorruptException($"The change log has no field names {id}, which one of its changes was written with.");
    }

    /// <summary>The stored copy <paramref name="id"/> (<paramref name="span"/>), read into a dictionary of its own.</summary>
    /// <exception cref="DatabaseCorruptException">The copy is truncated.</exception>
    public static FieldDictionary Parse(uint id, ReadOnlySpan<byte> span)
    {
        var entries = new List<FieldDictionaryEntry>();
        for (var at = 0; at < span.Length;)
        {
            if (span.Length - at < 4 || span.Length - at - 4 < BinaryPrimitives.ReadUInt16LittleEndian(span[(at + 2)..]))
            {
                throw new DatabaseCorruptException($"The change log's field names {id} are truncated ({span.Length} bytes).");
            }

            var length = BinaryPrimitives.ReadUInt16LittleEndian(span[(at + 2)..]);
            entries.Add(new FieldDictionaryEntry(BinaryPrimitives.ReadUInt16LittleEndian(span[at..]), Encoding.UTF8.GetString(span.Slice(at + 4, length))));
            at += 4 + length;
        }

        return new FieldDictionary(entries);
    }

    // Whether every name of the copy has the same id in fields; count is how many the copy holds.
    private static bool Agrees(ReadOnlySpan<byte> names, IFieldDictionary fields, out int count)
    {
        count = 0;
        for (var at = 0; at + 4 <= names.Length; count++)
        {
            var length = BinaryPrimitives.ReadUInt16LittleEndian(names[(at + 2)..]);
            if (at + 4 + length > names.Length
                || !fields.TryGetNameUtf8(BinaryPrimitives.ReadUInt16LittleEndian(names[at..]), out var name)
                || !name.SequenceEqual(names.Slice(at + 4, length)))
            {
                return false;
            }

            at += 4 + length;
        }

        return count <= fields.Count;
    }

    // Each name as its 2-byte id, a 2-byte length and UTF-8, in id order.
    private static byte[] Encode(IFieldDictionary fields)
    {
        var output = new List<byte>(fields.Count * 16);
        Span<byte> head = stackalloc byte[4];
        foreach (var entry in fields)
        {
            var utf8 = Encoding.UTF8.GetBytes(entry.Name);
            BinaryPrimitives.WriteUInt16LittleEndian(head, entry.Id);
            BinaryPrimitives.WriteUInt16LittleEndian(head[2..], checked((ushort)utf8.Length));
            output.AddRange(head);
            output.AddRange(utf8);
        }

        return [.. output];
    }

    private static byte[] NamesKey(uint id)
    {
        var key = new byte[13];
        WriteNamesKey(key, id);
        return key;
    }

    private static void WriteNamesKey(Span<byte> key, uint id)
    {
        key[..8].Clear();
        key[8] = NamesTag;
        BinaryPrimitives.WriteUInt32BigEndian(key[9..], id);
    }

    // Eight zero bytes, the tag, then room for what follows it.
    private static byte[] MetaKey(byte tag, int rest)
    {
        var key = new byte[9 + rest];
        key[8] = tag;
        return key;
    }
}
