namespace DocStore.Bson;

/// <summary>
/// BSON binary subtypes, including the user-defined subtypes 0x80..0x84 that C-BSON uses for the .NET
/// types BSON lacks. Because they are ordinary BSON binary values, every BSON tool keeps them verbatim.
/// </summary>
public static class CBsonBinarySubtype
{
    /// <summary>Generic binary data.</summary>
    public const byte Generic = 0x00;

    /// <summary>Function.</summary>
    public const byte Function = 0x01;

    /// <summary>Deprecated "old binary": the payload starts with its own int32 length.</summary>
    public const byte BinaryOld = 0x02;

    /// <summary>Deprecated UUID with driver-specific byte order.</summary>
    public const byte UuidOld = 0x03;

    /// <summary>RFC 4122 UUID, 16 bytes big-endian; how C-BSON stores <see cref="Guid"/>.</summary>
    public const byte Uuid = 0x04;

    /// <summary>MD5 digest.</summary>
    public const byte Md5 = 0x05;

    /// <summary>Encrypted BSON value.</summary>
    public const byte Encrypted = 0x06;

    /// <summary>Compressed column.</summary>
    public const byte Column = 0x07;

    /// <summary>Sensitive data.</summary>
    public const byte Sensitive = 0x08;

    /// <summary>Vector.</summary>
    public const byte Vector = 0x09;

    /// <summary>
    /// <see cref="System.DateTime"/>: int64 ticks (0..DateTime.MaxValue.Ticks) then one byte of
    /// <see cref="DateTimeKind"/>; 9 bytes. The first user-defined subtype.
    /// </summary>
    public const byte DateTime = 0x80;

    /// <summary><see cref="System.DateTimeOffset"/>: int64 local-clock ticks then int16 offset minutes (-840..840); 10 bytes.</summary>
    public const byte DateTimeOffset = 0x81;

    /// <summary><see cref="System.TimeSpan"/>: int64 ticks; 8 bytes.</summary>
    public const byte TimeSpan = 0x82;

    /// <summary><see cref="System.DateOnly"/>: int32 day number (0..DateOnly.MaxValue.DayNumber); 4 bytes.</summary>
    public const byte DateOnly = 0x83;

    /// <summary><see cref="System.TimeOnly"/>: int64 ticks (0..TimeOnly.MaxValue.Ticks); 8 bytes.</summary>
    public const byte TimeOnly = 0x84;
}
