namespace DocStore.Bson;

/// <summary>
/// BSON binary subtypes: the ones the BSON specification defines, and the user-defined subtypes
/// 0x80..0x84 that C-BSON uses for the .NET types BSON lacks. Because those are ordinary BSON binary values,
/// every BSON tool keeps them verbatim. Any byte value is allowed; 0x85-0xFF are further user-defined subtypes.
/// </summary>
public enum BsonBinarySubtype : byte
{
    /// <summary>Generic binary data.</summary>
    Generic = 0x00,

    /// <summary>A function.</summary>
    Function = 0x01,

    /// <summary>The deprecated old binary form: the payload starts with its own int32 length (the document model holds only what follows it).</summary>
    OldBinary = 0x02,

    /// <summary>A UUID in a driver-specific legacy byte order.</summary>
    UuidLegacy = 0x03,

    /// <summary>A UUID in RFC 4122 (big-endian) byte order, 16 bytes; how C-BSON stores <see cref="Guid"/>.</summary>
    Uuid = 0x04,

    /// <summary>An MD5 digest.</summary>
    Md5 = 0x05,

    /// <summary>Encrypted BSON value.</summary>
    Encrypted = 0x06,

    /// <summary>Compressed BSON column.</summary>
    Column = 0x07,

    /// <summary>Sensitive data, to be redacted from logs.</summary>
    Sensitive = 0x08,

    /// <summary>A packed vector of numbers.</summary>
    Vector = 0x09,

    /// <summary>
    /// <see cref="System.DateTime"/>: int64 ticks (0..DateTime.MaxValue.Ticks) then one byte of
    /// <see cref="DateTimeKind"/>; 9 bytes. The first user-defined subtype.
    /// </summary>
    DateTime = 0x80,

    /// <summary><see cref="System.DateTimeOffset"/>: int64 local-clock ticks then int16 offset minutes (-840..840); 10 bytes.</summary>
    DateTimeOffset = 0x81,

    /// <summary><see cref="System.TimeSpan"/>: int64 ticks; 8 bytes.</summary>
    TimeSpan = 0x82,

    /// <summary><see cref="System.DateOnly"/>: int32 day number (0..DateOnly.MaxValue.DayNumber); 4 bytes.</summary>
    DateOnly = 0x83,

    /// <summary><see cref="System.TimeOnly"/>: int64 ticks (0..TimeOnly.MaxValue.Ticks); 8 bytes.</summary>
    TimeOnly = 0x84,
}
