namespace DocStore.Bson.Model;

/// <summary>BSON binary subtypes. Any byte value is allowed; 0x80-0xFF are user-defined.</summary>
public enum BsonBinarySubtype : byte
{
    /// <summary>Generic binary data.</summary>
    Generic = 0x00,
    /// <summary>A function.</summary>
    Function = 0x01,
    /// <summary>The old binary form, stored with an extra inner int32 length; the model holds only the payload.</summary>
    OldBinary = 0x02,
    /// <summary>A UUID in a driver-specific legacy byte order.</summary>
    UuidLegacy = 0x03,
    /// <summary>A UUID in RFC 4122 (big-endian) byte order.</summary>
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
    /// <summary>The first user-defined subtype.</summary>
    UserDefined = 0x80,
}
