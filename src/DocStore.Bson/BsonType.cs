namespace DocStore.Bson;

/// <summary>
/// The BSON element type codes. C-BSON uses the same codes with the same value layouts; only element
/// names differ (a 2-byte field id instead of a C string). See <c>docs/format.md</c>.
/// </summary>
public enum BsonType : byte
{
    /// <summary>The end-of-document marker; never the type of a value.</summary>
    EndOfDocument = 0x00,
    /// <summary>IEEE 754 binary64 floating point.</summary>
    Double = 0x01,
    /// <summary>UTF-8 string: int32 byte length including the terminating NUL, bytes, NUL.</summary>
    String = 0x02,
    /// <summary>Embedded document.</summary>
    Document = 0x03,
    /// <summary>Array (an embedded document whose keys are "0", "1", ... in BSON; nameless in C-BSON).</summary>
    Array = 0x04,
    /// <summary>Binary data: int32 length, subtype byte, bytes.</summary>
    Binary = 0x05,
    /// <summary>Deprecated undefined value.</summary>
    Undefined = 0x06,
    /// <summary>12-byte ObjectId.</summary>
    ObjectId = 0x07,
    /// <summary>Boolean: one byte, 0x00 or 0x01.</summary>
    Boolean = 0x08,
    /// <summary>UTC datetime: int64 milliseconds since the Unix epoch.</summary>
    DateTime = 0x09,
    /// <summary>Null value.</summary>
    Null = 0x0A,
    /// <summary>Regular expression: pattern cstring, options cstring.</summary>
    RegularExpression = 0x0B,
    /// <summary>Deprecated DBPointer: string namespace, 12-byte ObjectId.</summary>
    DBPointer = 0x0C,
    /// <summary>JavaScript code: string.</summary>
    JavaScript = 0x0D,
    /// <summary>Deprecated symbol: string.</summary>
    Symbol = 0x0E,
    /// <summary>Deprecated JavaScript code with scope: int32 total length, string, document.</summary>
    JavaScriptWithScope = 0x0F,
    /// <summary>Signed 32-bit integer.</summary>
    Int32 = 0x10,
    /// <summary>MongoDB internal timestamp: uint32 increment, uint32 seconds.</summary>
    Timestamp = 0x11,
    /// <summary>Signed 64-bit integer.</summary>
    Int64 = 0x12,
    /// <summary>IEEE 754-2008 decimal128 (BID encoding).</summary>
    Decimal128 = 0x13,
    /// <summary>Min key: compares lower than every other value.</summary>
    MinKey = 0xFF,
    /// <summary>Max key: compares higher than every other value.</summary>
    MaxKey = 0x7F,
}
