using System.Buffers;

namespace DocStore.Bson.Keys;

public ref partial struct KeyReader
{
    private const int StackLimit = 256;

    /// <summary>Reads a string.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>The string, exactly as written (lone surrogates included).</returns>
    /// <exception cref="BsonFormatException">The next component is not a string in that direction, is unterminated, badly escaped, or not valid (WTF-8) text.</exception>
    public string ReadString(bool descending = false)
    {
        var mask = Begin(KeyType.String, descending);
        var body = Body;
        var escapedLength = EscapedBytes.Scan(body, mask, KeyType.String, BodyOffset, out var contentLength);
        var escaped = body[..escapedLength];
        string value;
        if (mask == KeyBytes.Ascending && escapedLength == contentLength)
        {
            value = Wtf8.Decode(escaped, BodyOffset);
        }
        else
        {
            byte[]? rented = null;
            var content = contentLength <= StackLimit ? stackalloc byte[StackLimit] : (rented = ArrayPool<byte>.Shared.Rent(contentLength));
            try
            {
                EscapedBytes.Unescape(escaped, mask, content);
                value = Wtf8.Decode(content[..contentLength], BodyOffset);
            }
            finally
            {
                if (rented is not null)
                {
                    ArrayPool<byte>.Shared.Return(rented);
                }
            }
        }

        Advance(escapedLength + EscapedBytes.TerminatorSize);
        return value;
    }

    /// <summary>Reads a byte array.</summary>
    /// <param name="descending">The direction the component was written with.</param>
    /// <returns>A new array with the bytes.</returns>
    /// <exception cref="BsonFormatException">The next component is not binary in that direction, is unterminated or badly escaped.</exception>
    public byte[] ReadBinary(bool descending = false)
    {
        var mask = Begin(KeyType.Binary, descending);
        var body = Body;
        var escapedLength = EscapedBytes.Scan(body, mask, KeyType.Binary, BodyOffset, out var contentLength);
        var value = new byte[contentLength];
        EscapedBytes.Unescape(body[..escapedLength], mask, value);
        Advance(escapedLength + EscapedBytes.TerminatorSize);
        return value;
    }
}
