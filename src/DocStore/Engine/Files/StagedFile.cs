using DocStore.Storage.Devices;

namespace DocStore.Engine.Files;

/// <summary>
/// A file written under a temporary name beside its destination and moved there only once complete and
/// fsynced (docs/storage.md, "Backup" and "Compaction"): a crash at any point leaves either no file (or the
/// previous one) at the destination, or the complete new one, never a part of it. Disposing an unpublished
/// staged file deletes it.
/// </summary>
internal sealed class StagedFile : IDisposable
{
    private FileStream? _stream;
    private bool _published;

    public StagedFile(string destination, string suffix)
    {
        Destination = Path.GetFullPath(destination);
        TemporaryPath = Destination + suffix;
        _stream = new FileStream(TemporaryPath, FileMode.Create, FileAccess.ReadWrite, FileShare.None, bufferSize: 1 << 16);
    }

    public string Destination { get; }

    public string TemporaryPath { get; }

    /// <summary>The temporary file, open for writing until <see cref="Seal"/>.</summary>
    public FileStream Stream => _stream ?? throw new InvalidOperationException("The staged file is sealed.");

    /// <summary>Makes the temporary file durable and closes it.</summary>
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

    /// <summary>Moves the sealed file to its destination (replacing what is there in one rename) and makes the move durable.</summary>
    public void Publish()
    {
        Seal();
        File.Move(TemporaryPath, Destination, overwrite: true);
        _published = true;
        DirectorySync.Sync(Path.GetDirectoryName(Destination)!);
    }

    public void Dispose()
    {
        _stream?.Dispose();
        _stream = null;
        if (!_published)
        {
            try
            {
                File.Delete(TemporaryPath);
            }
            catch (IOException)
            {
                // A leftover temporary file is never taken for a database: it has its own name and its header is written last.
            }
        }
    }
}
