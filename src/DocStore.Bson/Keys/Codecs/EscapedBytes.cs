namespace DocStore.Bson.Keys;

/// <summary>
/// The framing of variable-length bodies (<see cref="KeyType.String"/> and <see cref="KeyType.Binary"/>):
/// each 0x00 content byte is written as 0x00 0xFF and the body ends with 0x00 0x00. No other byte follows
/// a 0x00, so the body is prefix-free; a shorter content that is a prefix of a longer one ends with 0x00 0x00
/// where the longer one continues with a byte that is either non-zero or 0x00 0xFF, so it sorts first.
/// </summary>
internal static class EscapedBytes
{
    /// <summary>The byte that follows an escaped 0x00 inside the content.</summary>
    public const byte EscapeMark = 0xFF;

    /// <summary>The size of the 0x00 0x00 terminator.</summary>
    public const int TerminatorSize = 2;

    /// <summary>Writes <paramref name="content"/> with its zeros escaped; returns the bytes written.</summary>
    public static int WriteEscaped(ReadOnlySpan<byte> content, Span<byte> destination)
    {
        var written = 0;
        while (true)
        {
            var zero = content.IndexOf((byte)0);
            if (zero < 0)
            {
                content.CopyTo(destination[written..]);
                return written + content.Length;
            }

            content[..zero].CopyTo(destination[written..]);
            written += zero;
            destination[written++] = 0x00;
            destination[written++] = EscapeMark;
            content = content[(zero + 1)..];
        }
    }

    /// <summary>
    /// Escapes the first <paramref name="length"/> bytes of <paramref name="buffer"/> in place, using the
    /// room after them; returns the escaped length.
    /// </summary>
    public static int EscapeInPlace(Span<byte> buffer, int length)
    {
        var zeros = buffer[..length].Count((byte)0);
        if (zeros == 0)
        {
            return length;
        }

        // Walking backwards moves every byte at most once and never overwrites one not yet moved.
        var write = length + zeros - 1;
        for (var read = length - 1; read >= 0; read--)
        {
            var value = buffer[read];
            if (value == 0)
            {
                buffer[write--] = EscapeMark;
            }

            buffer[write--] = value;
        }

        return length + zeros;
    }

    /// <summary>Writes the 0x00 0x00 terminator; returns its size.</summary>
    public static int WriteTerminator(Span<byte> destination)
    {
        destination[0] = 0x00;
        destination[1] = 0x00;
        return TerminatorSize;
    }

    /// <summary>
    /// Finds the terminator of an escaped body read through <paramref name="mask"/>, checking that every
    /// 0x00 is followed by 0xFF or 0x00. Returns the length of the escaped content (terminator excluded).
    /// </summary>
    public static int Scan(ReadOnlySpan<byte> raw, byte mask, KeyType type, long offset, out int contentLength)
    {
        // Through the mask, an encoded 0x00 is the byte equal to the mask itself.
        var zero = mask;
        var position = 0;
        var escapes = 0;
        while (true)
        {
            var found = raw[position..].IndexOf(zero);
            if (found < 0 || position + found + 1 >= raw.Length)
            {
                throw KeyErrors.Truncated(type, offset);
            }

            position += found;
            var next = (byte)(raw[position + 1] ^ mask);
            if (next == 0x00)
            {
                contentLength = position - escapes;
                return position;
            }

            if (next != EscapeMark)
            {
                throw KeyErrors.Invalid(type, $"0x00 followed by 0x{next:X2} (only 0xFF, an escaped zero, or 0x00, the terminator, may follow)", offset + position);
            }

            escapes++;
            position += 2;
        }
    }

    /// <summary>Copies escaped content that <see cref="Scan"/> accepted into <paramref name="destination"/>, unescaped.</summary>
    public static void Unescape(ReadOnlySpan<byte> escaped, byte mask, Span<byte> destination)
    {
        var written = 0;
        while (true)
        {
            var zero = escaped.IndexOf(mask);
            if (zero < 0)
            {
                KeyBytes.CopyMasked(escaped, destination[written..], mask);
                return;
            }

            KeyBytes.CopyMasked(escaped[..zero], destination[written..], mask);
            written += zero;
            destination[written++] = 0x00;
            escaped = escaped[(zero + 2)..];
        }
    }
}
