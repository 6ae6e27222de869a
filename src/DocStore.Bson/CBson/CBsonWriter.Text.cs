using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Unicode;

namespace DocStore.Bson;

// Text is transcoded from UTF-16 straight into the destination. Invalid text (an unpaired surrogate,
// invalid UTF-8, a NUL inside a C string) throws ArgumentException after rolling the writer back to
// where it was before the call, so the caller can recover.
public ref partial struct CBsonWriter
{
    /// <summary>The position and pending field id before a value, to undo a half-written value.</summary>
    private readonly (int Position, ushort FieldId) Mark() => (_output.Position, _pendingFieldId);

    private void Rollback((int Position, ushort FieldId) mark)
    {
        _output.Position = mark.Position;
        _pendingFieldId = mark.FieldId;
    }

    /// <summary>
    /// The common case of a string value in one step: the element is legal here (an array, or a document
    /// with a pending field id), the text is ASCII and it fits without growing. Returns false, having
    /// moved nothing, otherwise; the general path then writes the value or reports the misuse.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool TryWriteAsciiString(BsonType type, ReadOnlySpan<char> value)
    {
        var header = _inArray ? 1 : 3;
        if ((!_inArray && _pendingFieldId == 0) || value.Length > _output.FreeCapacity - header - 5)
        {
            return false;
        }

        // Element header, int32 length, one byte per ASCII char, NUL.
        var target = _output.FreeSpace;
        if (Ascii.FromUtf16(value, target[(header + 4)..], out var written) != OperationStatus.Done)
        {
            return false;
        }

        target[0] = (byte)type;
        if (header == 3)
        {
            BinaryPrimitives.WriteUInt16LittleEndian(target[1..], _pendingFieldId);
            _pendingFieldId = 0;
        }

        BinaryPrimitives.WriteInt32LittleEndian(target[header..], written + 1);
        target[header + 4 + written] = 0;
        _output.Position += header + 5 + written;
        return true;
    }

    /// <summary>Writes int32 length (including NUL), UTF-8 bytes, NUL.</summary>
    private void WriteLengthPrefixedUtf16(ReadOnlySpan<char> value, (int Position, ushort FieldId) mark, string paramName)
    {
        var target = ReserveForUtf16(value, extra: 5);
        var written = Transcode(value, target[4..], mark, paramName);
        BinaryPrimitives.WriteInt32LittleEndian(target, written + 1);
        target[4 + written] = 0;
        _output.Position += 5 + written;
    }

    /// <summary>Writes int32 length (including NUL), the given UTF-8 bytes, NUL.</summary>
    private void WriteLengthPrefixedUtf8(ReadOnlySpan<byte> utf8)
    {
        var target = _output.Take(4 + utf8.Length + 1);
        BinaryPrimitives.WriteInt32LittleEndian(target, utf8.Length + 1);
        utf8.CopyTo(target[4..]);
        target[^1] = 0;
    }

    /// <summary>Writes a C string (UTF-8 then NUL); the text must not contain NUL.</summary>
    private void WriteCString(ReadOnlySpan<char> value, (int Position, ushort FieldId) mark, string paramName)
    {
        if (value.Contains('\0'))
        {
            Rollback(mark);
            throw new ArgumentException($"The {paramName} contains a NUL character, which a BSON C string cannot hold.", paramName);
        }

        var target = ReserveForUtf16(value, extra: 1);
        var written = Transcode(value, target, mark, paramName);
        target[written] = 0;
        _output.Position += written + 1;
    }

    /// <summary>
    /// Makes room for the UTF-8 form of <paramref name="value"/> plus <paramref name="extra"/> bytes and
    /// returns the free space, without moving.
    /// </summary>
    private Span<byte> ReserveForUtf16(ReadOnlySpan<char> value, int extra)
    {
        // Three UTF-8 bytes per UTF-16 char is the worst case; count exactly only when that does not fit.
        // Text longer than the document limit needs at least that many bytes, so it fails the limit
        // without counting (which could overflow for huge strings).
        var worstCase = (3L * value.Length) + extra;
        var needed = worstCase <= _output.FreeCapacity ? (int)worstCase
            : value.Length > CBsonLimits.MaxDocumentSize ? value.Length
            : Encoding.UTF8.GetByteCount(value) + extra;
        return _output.Free(needed);
    }

    /// <summary>Transcodes strictly; an unpaired surrogate rolls the writer back and throws.</summary>
    private int Transcode(ReadOnlySpan<char> value, Span<byte> target, (int Position, ushort FieldId) mark, string paramName)
    {
        var status = Utf8.FromUtf16(value, target, out var charsRead, out var bytesWritten, replaceInvalidSequences: false);
        if (status != OperationStatus.Done)
        {
            Rollback(mark);
            throw new ArgumentException($"The {paramName} is not valid UTF-16: unpaired surrogate at index {charsRead}.", paramName);
        }

        return bytesWritten;
    }

    private static void CheckUtf8(ReadOnlySpan<byte> utf8, bool forbidNul, string paramName)
    {
        if (!Utf8.IsValid(utf8))
        {
            throw new ArgumentException($"The {paramName} is not valid UTF-8.", paramName);
        }

        if (forbidNul && utf8.Contains((byte)0))
        {
            throw new ArgumentException($"The {paramName} contains a NUL byte, which a BSON C string cannot hold.", paramName);
        }
    }
}
