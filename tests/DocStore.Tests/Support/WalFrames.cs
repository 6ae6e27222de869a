using DocStore.Storage.Wal;

namespace DocStore.Tests.Support;

/// <summary>One frame found in a WAL image: where it and its payload lie, and what its header says.</summary>
internal readonly record struct WalFrameLocation(int Offset, WalFrameHeader Header)
{
    public int PayloadOffset => Offset + WalFormat.FrameHeaderSize;

    public int Length => WalFormat.FrameLength(Header.PayloadLength);
}

/// <summary>
/// Walks the frames of a WAL image the way recovery does (salt and consecutive LSNs; each transaction right
/// after the previous commit when a frame is there, else from the next aligned start), for tests that damage one.
/// </summary>
internal static class WalFrames
{
    /// <param name="wal">The log's bytes (decrypted, for an encrypted log).</param>
    /// <param name="alignment">Where transactions that do not follow the previous commit start: multiples of the log's block (4,064 for an encrypted log).</param>
    public static List<WalFrameLocation> Read(byte[] wal, int alignment = WalFormat.TransactionAlignment)
    {
        var frames = new List<WalFrameLocation>();
        if (!WalFormat.TryReadHeader(wal, out var header))
        {
            return frames;
        }

        var offset = WalFormat.HeaderSize;
        var lsn = header.FirstLsn;
        var transactionStart = true;
        while (true)
        {
            if (!IsFrame(wal, offset, header.Salt, lsn))
            {
                var aligned = (int)WalFormat.TransactionStart(offset, alignment);
                if (!transactionStart || !IsFrame(wal, aligned, header.Salt, lsn))
                {
                    break;
                }

                offset = aligned;
            }

            var h = WalFormat.ReadFrameHeader(wal.AsSpan(offset));
            frames.Add(new WalFrameLocation(offset, h));
            offset += WalFormat.FrameLength(h.PayloadLength);
            transactionStart = h.IsCommit;
            lsn++;
        }

        return frames;
    }

    private static bool IsFrame(byte[] wal, int offset, uint salt, long lsn)
    {
        if (offset + WalFormat.FrameHeaderSize > wal.Length)
        {
            return false;
        }

        var h = WalFormat.ReadFrameHeader(wal.AsSpan(offset));
        return h.Salt == salt && h.Lsn == lsn && offset + WalFormat.FrameLength(h.PayloadLength) <= wal.Length
            && WalFormat.PayloadChecksum(wal.AsSpan(offset + WalFormat.FrameHeaderSize, h.PayloadLength), h.PageNumber) == h.PayloadChecksum;
    }
}
