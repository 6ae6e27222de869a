using DocStore.Storage.Wal;

namespace DocStore.Tests.Support;

/// <summary>One frame found in a WAL image: where it and its payload lie, and what its header says.</summary>
internal readonly record struct WalFrameLocation(int Offset, WalFrameHeader Header)
{
    public int PayloadOffset => Offset + WalFormat.FrameHeaderSize;

    public int Length => WalFormat.FrameLength(Header.PayloadLength);
}

/// <summary>Walks the frames of a WAL image the way recovery does (salt and consecutive LSNs, each transaction from an aligned start), for tests that damage one.</summary>
internal static class WalFrames
{
    public static List<WalFrameLocation> Read(byte[] wal)
    {
        var frames = new List<WalFrameLocation>();
        if (!WalFormat.TryReadHeader(wal, out var header))
        {
            return frames;
        }

        var offset = (int)WalFormat.TransactionStart(WalFormat.HeaderSize);
        var lsn = header.FirstLsn;
        while (offset + WalFormat.FrameHeaderSize <= wal.Length)
        {
            var h = WalFormat.ReadFrameHeader(wal.AsSpan(offset));
            if (h.Salt != header.Salt || h.Lsn != lsn)
            {
                break;
            }

            frames.Add(new WalFrameLocation(offset, h));
            offset += WalFormat.FrameLength(h.PayloadLength);
            if (h.IsCommit)
            {
                offset = (int)WalFormat.TransactionStart(offset);
            }

            lsn++;
        }

        return frames;
    }
}
