using System.Buffers.Binary;
using System.Text;
using DocStore.Bson;

namespace DocStore.Collections.Changes;

/// <summary>
/// One entry of the change log tree (docs/storage.md, "Change log"). The key is the change's position, 8
/// bytes big-endian, so key order is commit order. The value is a fixed header, then the document's C-BSON
/// exactly as its collection stored it (the document after an insert or update, the deleted one after a
/// delete), read with the log's own copy of the collection's field names (<see cref="ChangeLogFields"/>), so
/// it reads back after the collection's dictionary changed or the collection was dropped.
/// </summary>
/// <param name="Position">The change's position.</param>
/// <param name="CommitPosition">The position of its transaction's first change.</param>
/// <param name="UnixMilliseconds">When it was written.</param>
/// <param name="Kind">What it did.</param>
/// <param name="Collection">The collection name.</param>
/// <param name="KeyField">The stored name of the collection's key field.</param>
/// <param name="Stored">The document's C-BSON (see the summary).</param>
/// <param name="Fields">The field names <paramref name="Stored"/> was written with.</param>
/// <param name="Log">The identity of the change log (under <see cref="IdentityKey"/>), which tokens carry.</param>
internal readonly record struct ChangeRecord(long Position, long CommitPosition, long UnixMilliseconds, ChangeKind Kind, string Collection, string KeyField, ReadOnlyMemory<byte> Stored, IFieldDictionary Fields, ulong Log)
{
    /// <summary>The key of the log's identity (8 random bytes, written with the tree): position 0, before every change.</summary>
    public static ReadOnlySpan<byte> IdentityKey => [0, 0, 0, 0, 0, 0, 0, 0];

    // commit position (8), time (8), kind (1), field names id (4), then the two names, each a 2-byte length and UTF-8.
    private const int FixedHeader = 21;

    /// <summary>The tree key of <paramref name="position"/>.</summary>
    public static byte[] Key(long position)
    {
        var key = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(key, position);
        return key;
    }

    /// <summary>The position a tree key holds: 0 for the identity and the field names, which sort before every change.</summary>
    public static long PositionOf(ReadOnlySpan<byte> key) =>
        key.Length == 8 ? BinaryPrimitives.ReadInt64BigEndian(key)
        : key.Length > 8 && BinaryPrimitives.ReadInt64BigEndian(key) == 0 ? 0
        : throw new DatabaseCorruptException($"A change log key is {key.Length} bytes, not 8.");

    /// <summary>The most bytes <see cref="WriteHeader"/> writes for these names.</summary>
    public static int MaxHeaderLength(string collection, string keyField) => FixedHeader + 4 + Encoding.UTF8.GetMaxByteCount(collection.Length + keyField.Length);

    /// <summary>Writes the header of a change's value to <paramref name="span"/> (<see cref="MaxHeaderLength"/> bytes); the document's C-BSON follows it.</summary>
    /// <returns>The header's length.</returns>
    public static int WriteHeader(Span<byte> span, long commitPosition, long unixMilliseconds, ChangeKind kind, uint fieldsId, string collection, string keyField)
    {
        BinaryPrimitives.WriteInt64LittleEndian(span, commitPosition);
        BinaryPrimitives.WriteInt64LittleEndian(span[8..], unixMilliseconds);
        span[16] = (byte)kind;
        BinaryPrimitives.WriteUInt32LittleEndian(span[17..], fieldsId);
        var at = WriteName(span, FixedHeader, collection);
        return WriteName(span, at, keyField);
    }

    /// <summary>When the change stored as <paramref name="value"/> was written, without decoding the rest.</summary>
    public static long TimeOf(ReadOnlySpan<byte> value) => value.Length >= FixedHeader ? BinaryPrimitives.ReadInt64LittleEndian(value[8..]) : 0;

    /// <summary>The collection name of the change stored as <paramref name="value"/>, compared without decoding.</summary>
    public static bool IsOf(ReadOnlySpan<byte> value, ReadOnlySpan<byte> collectionUtf8) =>
        value.Length >= FixedHeader + 2
        && BinaryPrimitives.ReadUInt16LittleEndian(value[FixedHeader..]) == collectionUtf8.Length
        && value.Slice(FixedHeader + 2).StartsWith(collectionUtf8);

    /// <summary>The id of the field names the change stored as <paramref name="value"/> was written with.</summary>
    /// <exception cref="DatabaseCorruptException">The value is shorter than its header.</exception>
    public static uint FieldsIdOf(ReadOnlySpan<byte> value) =>
        value.Length >= FixedHeader ? BinaryPrimitives.ReadUInt32LittleEndian(value[17..]) : throw new DatabaseCorruptException($"A change log entry is {value.Length} bytes, shorter than its header.");

    /// <summary>The change stored under <paramref name="key"/> as <paramref name="value"/> in the log <paramref name="log"/>, its document written with <paramref name="fields"/>, its names decoded through <paramref name="names"/>.</summary>
    /// <exception cref="DatabaseCorruptException">The value is shorter than its header says.</exception>
    public static ChangeRecord Decode(ReadOnlySpan<byte> key, ReadOnlyMemory<byte> value, IFieldDictionary fields, ulong log, ChangeReadCache names)
    {
        var span = value.Span;
        try
        {
            var at = FixedHeader;
            var collection = ReadName(span, ref at, names);
            var keyField = ReadName(span, ref at, names);
            var kind = (ChangeKind)span[16];
            if (kind is not (ChangeKind.Insert or ChangeKind.Update or ChangeKind.Delete))
            {
                throw new DatabaseCorruptException($"Change {PositionOf(key)} has an unknown kind {span[16]}.");
            }

            return new ChangeRecord(PositionOf(key), BinaryPrimitives.ReadInt64LittleEndian(span), BinaryPrimitives.ReadInt64LittleEndian(span[8..]), kind, collection, keyField, value[at..], fields, log);
        }
        catch (ArgumentOutOfRangeException e)
        {
            throw new DatabaseCorruptException($"Change {PositionOf(key)} is truncated ({span.Length} bytes).", e);
        }
    }

    private static int WriteName(Span<byte> span, int at, string name)
    {
        var length = Encoding.UTF8.GetBytes(name, span[(at + 2)..]);
        BinaryPrimitives.WriteUInt16LittleEndian(span[at..], checked((ushort)length));
        return at + 2 + length;
    }

    private static string ReadName(ReadOnlySpan<byte> span, ref int at, ChangeReadCache names)
    {
        var length = BinaryPrimitives.ReadUInt16LittleEndian(span[at..]);
        var name = names.Name(span.Slice(at + 2, length));
        at += 2 + length;
        return name;
    }
}
