using System.Diagnostics;

namespace DocStore.Bson.Keys;

public ref partial struct KeyReader
{
    /// <summary>
    /// Moves past the next component, whatever its type and direction. Fixed-size and numeric values are
    /// decoded and validated; strings and binaries only have their escaping and terminator checked.
    /// </summary>
    /// <returns>The type of the component skipped.</returns>
    /// <exception cref="BsonFormatException">The key has ended, or the component is malformed.</exception>
    public KeyType Skip()
    {
        var type = PeekTag(out var mask);
        var descending = mask == KeyBytes.Descending;
        switch (type)
        {
            case KeyType.String or KeyType.Binary:
                Begin(type, descending);
                var escapedLength = EscapedBytes.Scan(Body, mask, type, BodyOffset, out _);
                Advance(escapedLength + EscapedBytes.TerminatorSize);
                break;
            case KeyType.MinKey or KeyType.Null or KeyType.MaxKey:
                ReadTagOnly(type, descending);
                break;
            case KeyType.Boolean:
                ReadBoolean(descending);
                break;
            case KeyType.Integer:
                ReadInteger(long.MinValue, ulong.MaxValue, descending);
                break;
            case KeyType.Double:
                ReadDouble(descending);
                break;
            case KeyType.Decimal:
                ReadDecimal(descending);
                break;
            case KeyType.Guid:
                ReadGuid(descending);
                break;
            case KeyType.ObjectId:
                ReadObjectId(descending);
                break;
            case KeyType.DateTime:
                ReadDateTime(descending);
                break;
            case KeyType.DateTimeOffset:
                ReadDateTimeOffset(descending);
                break;
            case KeyType.DateOnly:
                ReadDateOnly(descending);
                break;
            case KeyType.TimeOnly:
                ReadTimeOnly(descending);
                break;
            case KeyType.TimeSpan:
                ReadTimeSpan(descending);
                break;
            default:
                throw new UnreachableException($"PeekTag accepted the undefined tag {type}.");
        }

        return type;
    }
}
