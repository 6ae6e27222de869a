using DocStore.Cli.Hosting;

namespace DocStore.Cli.Export;

/// <summary>
/// The file an export writes: first <c>file.partial</c>, created new (a symbolic link there is refused, a
/// stale file of a killed export replaced), then fsynced and renamed to its name. Disposed unpublished, it
/// deletes the partial file, so a failed export (a full disk) leaves nothing behind to hold the space. An
/// existing file is replaced only when asked to (--force).
/// </summary>
internal sealed class ExportFile : IDisposable
{
    private readonly bool _replace;
    private bool _published;

    /// <exception cref="CliFailureException"><paramref name="path"/> exists and <paramref name="replace"/> is false, or a symbolic link lies at the partial file's name.</exception>
    public ExportFile(string path, bool replace)
    {
        Path = path;
        Temporary = path + ".partial";
        _replace = replace;
        if (!replace && Exists(path))
        {
            throw new CliFailureException($"'{path}' already exists; pass --force to replace it.");
        }

        if (new FileInfo(Temporary).LinkTarget is { } target)
        {
            throw new CliFailureException($"'{Temporary}' is a symbolic link (to '{target}'); export writes this file itself and does not write through a link. Remove it first.");
        }

        // Only a regular file can be left here by a killed export; removing it (not what a link names) is safe.
        File.Delete(Temporary);
        Stream = new FileStream(Temporary, new FileStreamOptions { Mode = FileMode.CreateNew, Access = FileAccess.Write, Share = FileShare.None, BufferSize = 0 });
    }

    public string Path { get; }

    public string Temporary { get; }

    /// <summary>The partial file, unbuffered (the sinks buffer), so a failed write shows where it happens.</summary>
    public FileStream Stream { get; }

    /// <summary>Makes what was written durable; the stream stays open for its owner to close.</summary>
    public void Seal() => Stream.Flush(flushToDisk: true);

    /// <summary>Closes the partial file and renames it to its name (over an existing file only with --force).</summary>
    public void Publish()
    {
        Stream.Dispose();
        File.Move(Temporary, Path, overwrite: _replace);
        _published = true;
    }

    /// <summary>What a failed write or rename is reported as (disposing then deletes the partial file).</summary>
    public CliFailureException Failed(Exception ex) =>
        new($"Writing '{Temporary}' failed: {ex.Message} It is deleted; '{Path}' is as it was.", ex);

    public void Dispose()
    {
        try
        {
            Stream.Dispose();
        }
        catch (Exception ex) when (ex is IOException or ArgumentOutOfRangeException)
        {
            // Failing already; the file is deleted below either way.
        }

        if (!_published)
        {
            try
            {
                File.Delete(Temporary);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                // Reported failures matter more; a later export replaces a stale partial file.
            }
        }
    }

    // A dangling link counts: renaming over it would replace it as much as a file.
    private static bool Exists(string path) => File.Exists(path) || Directory.Exists(path) || new FileInfo(path).LinkTarget is not null;
}
