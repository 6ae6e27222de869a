namespace DocStore.Engine.Files;

/// <summary>
/// The open temporary file of a <see cref="StagedFile"/>. Unbuffered, so that every failure shows at the
/// write, length change or flush that met it (none waits for a later seek or the close), and each is
/// reported as the staged file's <see cref="StorageFailedException"/>. A subclass of
/// <see cref="FileStream"/>, so that writers that fsync a <see cref="FileStream"/> before its header
/// still do.
/// </summary>
internal sealed class StagedStream(string path, FileStreamOptions options, StagedFile owner) : FileStream(path, options)
{
    public override void Write(byte[] buffer, int offset, int count)
    {
        try
        {
            base.Write(buffer, offset, count);
        }
        catch (Exception ex) when (StagedFile.IsWriteFailure(ex))
        {
            throw owner.Failed("writing", ex);
        }
    }

    public override void Write(ReadOnlySpan<byte> buffer)
    {
        try
        {
            base.Write(buffer);
        }
        catch (Exception ex) when (StagedFile.IsWriteFailure(ex))
        {
            throw owner.Failed("writing", ex);
        }
    }

    public override void WriteByte(byte value) => Write([value]);

    public override void SetLength(long value)
    {
        try
        {
            base.SetLength(value);
        }
        catch (Exception ex) when (StagedFile.IsWriteFailure(ex))
        {
            throw owner.Failed("extending", ex);
        }
    }

    public override void Flush(bool flushToDisk)
    {
        try
        {
            base.Flush(flushToDisk);
        }
        catch (Exception ex) when (StagedFile.IsWriteFailure(ex))
        {
            throw owner.Failed("flushing", ex);
        }
    }
}
