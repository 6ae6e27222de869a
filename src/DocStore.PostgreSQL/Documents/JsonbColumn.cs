using Npgsql;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// A <c>jsonb</c> column's UTF-8 text, read in PostgreSQL's binary format (a version byte, then the text) so the
/// server sends the document without a cast to <c>text</c>, and copied from Npgsql's row buffer into a buffer
/// reused on the thread, so a document is decoded from it without an array of its own. The span is valid until
/// the next call on the same thread: decode it before reading another column.
/// </summary>
internal static class JsonbColumn
{
    // The only version of jsonb's binary format PostgreSQL has defined (jsonb_send).
    private const byte Version = 1;

    // A buffer grown past this by a large document is not kept for the next one.
    private const int KeptCapacity = 1024 * 1024;

    [ThreadStatic]
    private static byte[]? t_buffer;

    /// <summary>The text of the <c>jsonb</c> column at <paramref name="ordinal"/> of the current row.</summary>
    /// <exception cref="InvalidOperationException">The server sent a binary jsonb version this code does not know.</exception>
    public static ReadOnlySpan<byte> Read(NpgsqlDataReader reader, int ordinal)
    {
        var length = (int)reader.GetBytes(ordinal, 0, null, 0, 0);
        var buffer = t_buffer;
        if (buffer is null || buffer.Length < length)
        {
            buffer = new byte[Math.Max(length, 4096)];
            if (buffer.Length <= KeptCapacity)
            {
                t_buffer = buffer;
            }
        }

        var read = (int)reader.GetBytes(ordinal, 0, buffer, 0, length);
        if (read == 0 || buffer[0] != Version)
        {
            throw new InvalidOperationException($"The server sent a jsonb value in binary format version {(read == 0 ? "(none)" : buffer[0])}; DocStore reads version {Version}.");
        }

        return buffer.AsSpan(1, read - 1);
    }

    /// <summary>The text of the <c>jsonb</c> column at <paramref name="ordinal"/> as an array of its own.</summary>
    /// <exception cref="InvalidOperationException">The server sent a binary jsonb version this code does not know.</exception>
    public static byte[] ReadArray(NpgsqlDataReader reader, int ordinal) => Read(reader, ordinal).ToArray();
}
