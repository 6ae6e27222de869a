namespace DocStore.Bson.Keys;

/// <summary>
/// The type of one index-key component, which is also its 1-byte tag in the key encoding. The tag
/// values define the order between components of different types (the order below, from low to high,
/// close to MongoDB's BSON comparison order); within a type the order is the value order documented on
/// each member. A descending component stores the bitwise complement of its tag, so ascending tags lie
/// in 0x01..0x7F and descending ones in 0x80..0xFE: a reader can tell the direction from the tag alone.
/// See <c>docs/format.md (section "Index keys")</c> for the byte layout of every type.
/// </summary>
public enum KeyType : byte
{
    /// <summary>Below every other value; a bound, never a stored value. Tag only.</summary>
    MinKey = 0x01,

    /// <summary>Null (a missing or null member). Sorts before every non-null value. Tag only.</summary>
    Null = 0x08,

    /// <summary>
    /// Any integer type from <see cref="sbyte"/> to <see cref="ulong"/>, all widths sharing one tag so that
    /// equal values encode identically: a length header, then the minimal big-endian bytes.
    /// </summary>
    Integer = 0x10,

    /// <summary>
    /// IEEE binary64 (<see cref="double"/>, and <see cref="float"/> widened exactly): 8 bytes with the sign
    /// trick. NaN sorts below negative infinity; -0.0 is stored as +0.0.
    /// </summary>
    Double = 0x11,

    /// <summary><see cref="decimal"/>, normalized: sign class, decimal exponent, base-100 digits, terminator.</summary>
    Decimal = 0x12,

    /// <summary>Text in code point order: UTF-8 (lone surrogates as 3-byte sequences), 0x00 escaped, 0x00 0x00 terminated.</summary>
    String = 0x20,

    /// <summary>A byte array in lexicographic order: escaped and terminated like a string.</summary>
    Binary = 0x30,

    /// <summary>A <see cref="System.Guid"/>: its 16 RFC 4122 (big-endian) bytes.</summary>
    Guid = 0x38,

    /// <summary>A <see cref="DocStore.ObjectId"/>: its 12 bytes.</summary>
    ObjectId = 0x40,

    /// <summary>A <see cref="bool"/>: one byte, false (0x00) before true (0x01).</summary>
    Boolean = 0x48,

    /// <summary>A <see cref="System.DateTime"/>: 8 bytes, ticks then kind.</summary>
    DateTime = 0x50,

    /// <summary>A <see cref="System.DateTimeOffset"/>: 8 bytes of UTC ticks, then 2 bytes of offset.</summary>
    DateTimeOffset = 0x51,

    /// <summary>A <see cref="System.DateOnly"/>: 3 bytes of day number.</summary>
    DateOnly = 0x52,

    /// <summary>A <see cref="System.TimeOnly"/>: 5 bytes of ticks since midnight.</summary>
    TimeOnly = 0x53,

    /// <summary>A <see cref="System.TimeSpan"/>: 8 bytes of signed ticks.</summary>
    TimeSpan = 0x54,

    /// <summary>Above every other value; a bound, never a stored value. Tag only.</summary>
    MaxKey = 0x7F,
}
