using System.Buffers;
using System.Diagnostics;
using System.Text;
using System.Text.Unicode;

namespace DocStore.Bson.Keys;

/// <summary>
/// Converts .NET strings to and from the bytes of a <see cref="KeyType.String"/> body. Well-formed text
/// is UTF-8, whose byte order is code point order. A lone surrogate (which UTF-16 strings may hold and
/// UTF-8 may not) is written as the 3-byte sequence of its code point, as WTF-8 does: the key stays
/// lossless, equal strings stay equal keys, and the order stays code point order (a lone surrogate sorts
/// as its code point, U+D800..U+DFFF). A surrogate pair is always written as one 4-byte sequence.
/// </summary>
internal static class Wtf8
{
    private const int StackLimit = 256;

    /// <summary>The exact byte count of <paramref name="text"/> with its zeros escaped, terminator excluded.</summary>
    /// <remarks>
    /// The UTF-8 encoder's replacement for a lone surrogate (U+FFFD) is 3 bytes, like the WTF-8 sequence
    /// written in its place, so its count is exact here.
    /// </remarks>
    public static int GetEscapedByteCount(ReadOnlySpan<char> text) => Encoding.UTF8.GetByteCount(text) + text.Count('\0');

    /// <summary>
    /// Writes <paramref name="text"/> escaped; <paramref name="destination"/> must hold
    /// <see cref="GetEscapedByteCount"/> bytes. Returns the bytes written.
    /// </summary>
    public static int WriteEscaped(ReadOnlySpan<char> text, Span<byte> destination)
    {
        var written = 0;
        while (true)
        {
            var status = Utf8.FromUtf16(text, destination[written..], out var read, out var count, replaceInvalidSequences: false);
            written += EscapedBytes.EscapeInPlace(destination[written..], count);
            text = text[read..];
            if (status == OperationStatus.Done)
            {
                return written;
            }

            if (status != OperationStatus.InvalidData)
            {
                throw new UnreachableException($"The UTF-8 encoder reported {status} into a destination sized for the whole string.");
            }

            var surrogate = text[0];
            destination[written++] = (byte)(0xE0 | (surrogate >> 12));
            destination[written++] = (byte)(0x80 | ((surrogate >> 6) & 0x3F));
            destination[written++] = (byte)(0x80 | (surrogate & 0x3F));
            text = text[1..];
        }
    }

    /// <summary>Decodes unescaped body bytes, rejecting invalid UTF-8 and non-canonical surrogates.</summary>
    public static string Decode(ReadOnlySpan<byte> bytes, long offset)
    {
        // UTF-16 never needs more chars than UTF-8 has bytes.
        char[]? rented = null;
        var chars = bytes.Length <= StackLimit ? stackalloc char[StackLimit] : (rented = ArrayPool<char>.Shared.Rent(bytes.Length));
        try
        {
            var count = Decode(bytes, chars, offset);
            return new string(chars[..count]);
        }
        finally
        {
            if (rented is not null)
            {
                ArrayPool<char>.Shared.Return(rented);
            }
        }
    }

    private static int Decode(ReadOnlySpan<byte> bytes, Span<char> chars, long offset)
    {
        var written = 0;
        var position = 0;
        var endOfLoneHigh = -1;
        while (true)
        {
            var status = Utf8.ToUtf16(bytes[position..], chars[written..], out var read, out var count, replaceInvalidSequences: false);
            position += read;
            written += count;
            if (status == OperationStatus.Done)
            {
                return written;
            }

            if (!TryReadSurrogate(bytes[position..], out var surrogate))
            {
                throw KeyErrors.Invalid(KeyType.String, $"invalid UTF-8 at byte {position} of the string", offset);
            }

            // A high then a low surrogate form a pair, whose only encoding is the 4-byte sequence.
            if (char.IsLowSurrogate(surrogate) && endOfLoneHigh == position)
            {
                throw KeyErrors.Invalid(KeyType.String, $"a surrogate pair written as two 3-byte sequences at byte {position - 3} of the string", offset);
            }

            chars[written++] = surrogate;
            position += 3;
            if (char.IsHighSurrogate(surrogate))
            {
                endOfLoneHigh = position;
            }
        }
    }

    private static bool TryReadSurrogate(ReadOnlySpan<byte> bytes, out char surrogate)
    {
        // ED A0..BF 80..BF is the 3-byte form of U+D800..U+DFFF, which UTF-8 forbids and WTF-8 uses.
        if (bytes.Length >= 3 && bytes[0] == 0xED && bytes[1] is >= 0xA0 and <= 0xBF && bytes[2] is >= 0x80 and <= 0xBF)
        {
            surrogate = (char)(0xD000 | ((bytes[1] & 0x3F) << 6) | (bytes[2] & 0x3F));
            return true;
        }

        surrogate = default;
        return false;
    }
}
