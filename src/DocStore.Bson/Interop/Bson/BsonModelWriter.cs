using System.Buffers;
using System.Buffers.Binary;
using System.Text;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// Encodes the model as standard BSON into a pooled, growing buffer in one pass: each document's length is
/// reserved and patched when its end is known. The model guarantees valid names and strings, so the only
/// failure is nesting deeper than <see cref="BsonValue.MaxDepth"/>.
/// </summary>
internal struct BsonModelWriter : IDisposable
{
    private byte[] _buffer;
    private int _pos;

    public BsonModelWriter() => _buffer = ArrayPool<byte>.Shared.Rent(256);

    public readonly ReadOnlySpan<byte> Written => _buffer.AsSpan(0, _pos);

    public void WriteTopLevel(BsonDocument document) => WriteDocument(document, 1);

    public void Dispose()
    {
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = [];
    }

    private void WriteDocument(BsonDocument document, int depth)
    {
        CheckDepth(depth);
        var start = Reserve(4);
        foreach (var element in document)
        {
            WriteByte((byte)element.Value.BsonType);
            WriteCString(element.Name);
            WriteValue(element.Value, depth);
        }

        WriteByte(0);
        BinaryPrimitives.WriteInt32LittleEndian(_buffer.AsSpan(start), _pos - start);
    }

    private void WriteArray(BsonArray array, int depth)
    {
        CheckDepth(depth);
        var start = Reserve(4);
        for (var i = 0; i < array.Count; i++)
        {
            var value = array[i];
            WriteByte((byte)value.BsonType);
            i.TryFormat(Span(11), out var digits, default, System.Globalization.CultureInfo.InvariantCulture);
            _pos += digits;
            WriteByte(0);
            WriteValue(value, depth);
        }

        WriteByte(0);
        BinaryPrimitives.WriteInt32LittleEndian(_buffer.AsSpan(start), _pos - start);
    }

    /// <summary>Writes the value of an element inside a container at nesting level <paramref name="depth"/>.</summary>
    private void WriteValue(BsonValue value, int depth)
    {
        switch (value)
        {
            case BsonDouble d:
                BinaryPrimitives.WriteInt64LittleEndian(Span(8), BitConverter.DoubleToInt64Bits(d.Value));
                _pos += 8;
                break;
            case BsonString s:
                WriteString(s.Value);
                break;
            case BsonDocument document:
                WriteDocument(document, depth + 1);
                break;
            case BsonArray array:
                WriteArray(array, depth + 1);
                break;
            case BsonBinaryData binary:
                WriteBinary(binary);
                break;
            case BsonObjectId id:
                id.Value.WriteTo(Span(ObjectId.Size));
                _pos += ObjectId.Size;
                break;
            case BsonBoolean b:
                WriteByte(b.Value ? (byte)1 : (byte)0);
                break;
            case BsonDateTime dateTime:
                BinaryPrimitives.WriteInt64LittleEndian(Span(8), dateTime.MillisecondsSinceEpoch);
                _pos += 8;
                break;
            case BsonRegularExpression regex:
                WriteCString(regex.Pattern);
                WriteCString(regex.Options);
                break;
            case BsonDBPointer pointer:
                WriteString(pointer.Namespace);
                pointer.Id.WriteTo(Span(ObjectId.Size));
                _pos += ObjectId.Size;
                break;
            case BsonJavaScript code:
                WriteString(code.Code);
                break;
            case BsonSymbol symbol:
                WriteString(symbol.Name);
                break;
            case BsonJavaScriptWithScope codeWithScope:
                var start = Reserve(4);
                WriteString(codeWithScope.Code);
                WriteDocument(codeWithScope.Scope, depth + 1);
                BinaryPrimitives.WriteInt32LittleEndian(_buffer.AsSpan(start), _pos - start);
                break;
            case BsonInt32 i:
                BinaryPrimitives.WriteInt32LittleEndian(Span(4), i.Value);
                _pos += 4;
                break;
            case BsonTimestamp timestamp:
                BinaryPrimitives.WriteUInt64LittleEndian(Span(8), timestamp.Value);
                _pos += 8;
                break;
            case BsonInt64 l:
                BinaryPrimitives.WriteInt64LittleEndian(Span(8), l.Value);
                _pos += 8;
                break;
            case BsonDecimal128 m:
                m.Value.WriteTo(Span(Decimal128.Size));
                _pos += Decimal128.Size;
                break;
            default:
                // Null, undefined, min key and max key have no value bytes.
                break;
        }
    }

    private void WriteBinary(BsonBinaryData binary)
    {
        var data = binary.Span;
        var oldBinary = binary.Subtype == BsonBinarySubtype.OldBinary;
        var length = oldBinary ? data.Length + 4 : data.Length;
        var span = Span(5 + length);
        BinaryPrimitives.WriteInt32LittleEndian(span, length);
        span[4] = (byte)binary.Subtype;
        if (oldBinary)
        {
            BinaryPrimitives.WriteInt32LittleEndian(span[5..], data.Length);
            data.CopyTo(span[9..]);
        }
        else
        {
            data.CopyTo(span[5..]);
        }

        _pos += 5 + length;
    }

    private void WriteString(string value)
    {
        var byteCount = Encoding.UTF8.GetByteCount(value);
        var span = Span(4 + byteCount + 1);
        BinaryPrimitives.WriteInt32LittleEndian(span, byteCount + 1);
        Encoding.UTF8.GetBytes(value, span[4..]);
        span[4 + byteCount] = 0;
        _pos += 4 + byteCount + 1;
    }

    private void WriteCString(string value)
    {
        var byteCount = Encoding.UTF8.GetByteCount(value);
        var span = Span(byteCount + 1);
        Encoding.UTF8.GetBytes(value, span);
        span[byteCount] = 0;
        _pos += byteCount + 1;
    }

    private void WriteByte(byte value)
    {
        Span(1)[0] = value;
        _pos++;
    }

    private int Reserve(int count)
    {
        Span(count);
        var start = _pos;
        _pos += count;
        return start;
    }

    /// <summary>Returns at least <paramref name="count"/> writable bytes at the current position, growing the buffer.</summary>
    private Span<byte> Span(int count)
    {
        if (count > _buffer.Length - _pos)
        {
            Grow(count);
        }

        return _buffer.AsSpan(_pos);
    }

    private void Grow(int count)
    {
        var needed = (long)_pos + count;
        if (needed > Array.MaxLength)
        {
            throw new InvalidOperationException($"The BSON encoding would exceed {Array.MaxLength} bytes.");
        }

        var size = (int)Math.Min(Math.Max(needed, (long)_buffer.Length * 2), Array.MaxLength);
        var larger = ArrayPool<byte>.Shared.Rent(size);
        _buffer.AsSpan(0, _pos).CopyTo(larger);
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = larger;
    }

    private static void CheckDepth(int depth)
    {
        if (depth > BsonValue.MaxDepth)
        {
            throw new CBsonLimitException(CBsonLimit.Depth, $"The document nests documents and arrays deeper than {BsonValue.MaxDepth} levels (or contains itself), which BSON readers reject.");
        }
    }
}
