using DocStore.Storage.Devices;

namespace DocStore.Engine.Files;

/// <summary>
/// A file written under a temporary name beside its destination and moved there only once complete and
/// fsynced (docs/storage.md, "Backup" and "Compaction"): a crash at any point leaves either no file (or the
/// previous one) at the destination, or the complete new one, never a part of it. The temporary file is
/// created new (a symbolic link at its name is refused, a stale file left by a crash replaced) with the
/// permission bits it is given. Disposing an unpublished staged file deletes it, so a failure (a full
/// disk) leaves nothing behind to hold the space.
/// </summary>
internal sealed class StagedFile : IDisposable
{
    private StagedStream? _stream;
    private bool _published;

    /// <summary>Creates <c>destination + suffix</c>, with <paramref name="mode"/> where the system has modes (null: the default).</summary>
    /// <exception cref="IOException">A symbolic link lies at the temporary name, or the file cannot be created.</exception>
    public StagedFile(string destination, string suffix, UnixFileMode? mode)
    {
        Destination = Path.GetFullPath(destination);
        TemporaryPath = Destination + suffix;
        NewFile.RefuseLink(TemporaryPath);

        // Only a regular file can be left here by a crash; removing it (not what a link names) is safe.
        File.Delete(TemporaryPath);
        var options = new FileStreamOptions { Access = FileAccess.ReadWrite, Share = FileShare.None };
        _stream = NewFile.Create(TemporaryPath, mode, options, (path, o) => new StagedStream(path, o, this));
    }

    public string Destination { get; }

    public string TemporaryPath { get; }

    /// <summary>The temporary file, open for writing until <see cref="Seal"/>; its failures are <see cref="StorageFailedException"/>.</summary>
    public FileStream Stream => _stream ?? throw new InvalidOperationException("The staged file is sealed.");

    /// <summary>Makes the temporary file durable and closes it.</summary>
    /// <exception cref="StorageFailedException">The fsync failed.</exception>
    public void Seal()
    {
        if (_stream is null)
        {
            return;
        }

        _stream.Flush(flushToDisk: true);
        _stream.Dispose();
        _stream = null;
    }

    /// <summary>Moves the sealed file to its destination (replacing what is there in one rename when <paramref name="overwrite"/>) and makes the move durable.</summary>
    /// <exception cref="IOException">A file appeared at the destination and <paramref name="overwrite"/> is false.</exception>
    /// <exception cref="StorageFailedException">The fsync, the rename or the directory's fsync failed.</exception>
    public void Publish(bool overwrite)
    {
        Seal();
        try
        {
            File.Move(TemporaryPath, Destination, overwrite);
        }
        catch (IOException) when (!overwrite && File.Exists(Destination))
        {
            // Created since the caller checked: still not ours to replace.
            throw DestinationExists(Destination);
        }
        catch (Exception ex) when (IsWriteFailure(ex))
        {
            throw Failed("renaming", ex);
        }

        _published = true;
        try
        {
            DirectorySync.Sync(Path.GetDirectoryName(Destination)!);
        }
        catch (IOException ex)
        {
            throw new StorageFailedException($"'{Destination}' is complete, but the fsync of its directory after the rename failed, so a power cut may still undo the rename: {ex.Message}", ex);
        }
    }

    /// <summary>The error for a destination that exists when the caller did not ask to replace it.</summary>
    internal static IOException DestinationExists(string destination) =>
        new($"'{destination}' exists; choose another path, or pass overwrite: true to replace it.");

    /// <summary>What a failed write of the staged file is reported as (the caller's <c>using</c> then deletes it).</summary>
    internal StorageFailedException Failed(string what, Exception ex) =>
        new($"{char.ToUpperInvariant(what[0])}{what[1..]} '{TemporaryPath}', the copy staged for '{Destination}', failed: {ex.Message} The staged file is deleted; '{Destination}' is as it was.", ex);

    // How .NET reports a write the file system refuses: IOException (ENOSPC, EIO, ...), or for a file past the
    // largest size the file system or the process's limit allows (EFBIG), ArgumentOutOfRangeException.
    internal static bool IsWriteFailure(Exception ex) => ex is IOException or ArgumentOutOfRangeException;

    public void Dispose()
    {
        try
        {
            _stream?.Dispose();
        }
        catch (Exception ex) when (IsWriteFailure(ex))
        {
            // Failing already; the file is deleted below either way.
        }

        _stream = null;
        if (!_published)
        {
            try
            {
                File.Delete(TemporaryPath);
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                // A leftover temporary file is never taken for a database: it has its own name and its header is written last.
            }
        }
    }
}
