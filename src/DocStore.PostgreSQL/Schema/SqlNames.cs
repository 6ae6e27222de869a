using System.Text;

namespace DocStore.PostgreSQL.Schema;

/// <summary>Quoted PostgreSQL identifiers, checked against the server's 63-byte limit so a long name fails clearly instead of being truncated.</summary>
internal static class SqlNames
{
    private const int MaxIdentifierBytes = 63;

    public static string Quote(string name, string what)
    {
        if (Encoding.UTF8.GetByteCount(name) > MaxIdentifierBytes)
        {
            throw new ArgumentException($"The PostgreSQL name '{name}' ({what}) is longer than {MaxIdentifierBytes} bytes, which PostgreSQL would truncate; shorten the collection or index name.", nameof(name));
        }

        return "\"" + name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
    }
}
