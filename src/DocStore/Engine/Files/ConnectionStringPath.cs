namespace DocStore.Engine.Files;

/// <summary>
/// A database path that is really a connection string (<c>Data Source=app.db;Mode=ReadOnly</c>, a SQLite or
/// LiteDB habit). Taken as a path it would create a file of that name; it is refused before anything is
/// touched, pointing to where such settings go.
/// </summary>
internal static class ConnectionStringPath
{
    // Keys of the connection strings of DocStore.Data, SQLite and LiteDB that a path is likely to start with.
    private static readonly string[] Keys = ["Data Source", "DataSource", "Filename", "File Name", "FileName", "Mode", "Durability", "Connection"];

    /// <summary>Throws when <paramref name="path"/> looks like a connection string: it holds both <c>=</c> and <c>;</c>, or starts with a known key and <c>=</c>.</summary>
    /// <exception cref="ArgumentException">It does.</exception>
    public static void ThrowIfConnectionString(string path, string parameterName)
    {
        if (Looks(path))
        {
            throw new ArgumentException(
                $"'{path}' looks like a connection string, not a file path. Pass the file's path (such as app.db) and set options through DocStoreOptions; connection strings are for DocStoreConnection (DocStore.Data).",
                parameterName);
        }
    }

    private static bool Looks(string path)
    {
        if (path.Contains('=') && path.Contains(';'))
        {
            return true;
        }

        var trimmed = path.TrimStart();
        foreach (var key in Keys)
        {
            if (trimmed.StartsWith(key, StringComparison.OrdinalIgnoreCase) && trimmed[key.Length..].TrimStart().StartsWith('='))
            {
                return true;
            }
        }

        return false;
    }
}
