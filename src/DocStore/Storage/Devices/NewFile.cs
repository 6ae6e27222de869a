namespace DocStore.Storage.Devices;

/// <summary>
/// How the engine creates a file beside a database (a log, the backup lock, a staged copy): with
/// <c>O_CREAT | O_EXCL</c>, so that nothing already at the path is followed or truncated (a symbolic link
/// planted there above all), and on Unix with the database's permission bits, so that the journals and
/// copies of a private database are as private as it is (docs/storage.md, "Files the engine creates").
/// </summary>
internal static class NewFile
{
    private const UnixFileMode PermissionBits =
        UnixFileMode.UserRead | UnixFileMode.UserWrite | UnixFileMode.UserExecute |
        UnixFileMode.GroupRead | UnixFileMode.GroupWrite | UnixFileMode.GroupExecute |
        UnixFileMode.OtherRead | UnixFileMode.OtherWrite | UnixFileMode.OtherExecute;

    /// <summary>The permission bits of the file at <paramref name="path"/> (through links), or null on Windows or when there is none.</summary>
    public static UnixFileMode? ModeOf(string path)
    {
        if (OperatingSystem.IsWindows())
        {
            return null;
        }

        try
        {
            return File.GetUnixFileMode(path) & PermissionBits;
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }

    /// <summary>
    /// Creates <paramref name="path"/>, which must not exist, with <paramref name="mode"/> (exactly: the
    /// umask could otherwise narrow it), or with the process's default mode when null.
    /// </summary>
    /// <exception cref="IOException"><paramref name="path"/> is a symbolic link, or exists, or cannot be created.</exception>
    public static FileStream Create(string path, UnixFileMode? mode, FileAccess access, FileShare share, FileOptions options = FileOptions.None) =>
        Create(path, mode, new FileStreamOptions { Mode = FileMode.CreateNew, Access = access, Share = share, Options = options, BufferSize = 0 }, static (p, o) => new FileStream(p, o));

    /// <summary>As the other overload, with the stream made by <paramref name="open"/> (a <see cref="FileStream"/> subclass).</summary>
    public static T Create<T>(string path, UnixFileMode? mode, FileStreamOptions options, Func<string, FileStreamOptions, T> open)
        where T : FileStream
    {
        RefuseLink(path);
        options.Mode = FileMode.CreateNew;
        if (mode is { } requested && !OperatingSystem.IsWindows())
        {
            options.UnixCreateMode = requested;
        }

        var stream = open(path, options);
        if (mode is { } exact && !OperatingSystem.IsWindows())
        {
            try
            {
                File.SetUnixFileMode(stream.SafeFileHandle, exact);
            }
            catch
            {
                stream.Dispose();
                File.Delete(path);
                throw;
            }
        }

        return stream;
    }

    /// <summary>Throws when <paramref name="path"/> is a symbolic link: the engine never writes a file it did not create through one.</summary>
    /// <exception cref="IOException">It is one.</exception>
    public static void RefuseLink(string path)
    {
        if (new FileInfo(path).LinkTarget is { } target)
        {
            throw new IOException($"'{path}' is a symbolic link (to '{target}'); DocStore creates this file itself and does not write through a link there. Remove the link first.");
        }
    }
}
