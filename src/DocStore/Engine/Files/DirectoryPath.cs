namespace DocStore.Engine.Files;

/// <summary>
/// A database path that names a directory. Opened as a file it fails deep in the OS with "access denied", and
/// a shared open would first create its shared file beside the directory; it is refused before anything is touched.
/// </summary>
internal static class DirectoryPath
{
    /// <summary>Throws when <paramref name="path"/> is an existing directory.</summary>
    /// <exception cref="ArgumentException">It is.</exception>
    public static void ThrowIfDirectory(string path, string parameterName)
    {
        if (Directory.Exists(path))
        {
            throw new ArgumentException(
                $"'{path}' is a directory, not a database file. Pass the path of the database file inside it (such as {Path.Combine(path, "app.db")}); a missing file is created.",
                parameterName);
        }
    }
}
