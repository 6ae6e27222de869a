using Npgsql;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// A column's bytes (the UTF-8 text of <c>doc::text</c>, an entry key) copied from Npgsql's row buffer into
/// a buffer reused on the thread, so a document is decoded from them without an array of its own. The span
/// is valid until the next call on the same thread: decode it before reading another column.
/// </summary>
internal static class ColumnBytes
{
    // A buffer grown past this by a large document is not kept for the next one.
    private const int KeptCapacity = 1024 * 1024;

    [ThreadStatic]
    private static byte[]? t_buffer;

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
        return buffer.AsSpan(0, read);
    }
}
