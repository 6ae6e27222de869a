namespace DocStore.Storage.Wal;

/// <summary>
/// Following a WAL that a writer in another process appends to (docs/storage.md, "Many processes"): the
/// reader's frame table grows by the committed frames the writer has published, read and checked exactly as
/// recovery reads them.
/// </summary>
internal sealed partial class WriteAheadLog
{
    /// <summary>The salt of the generation this log object describes (0 before a header was read).</summary>
    public uint Salt => _salt;

    /// <summary>
    /// Forgets every frame and reads the header again, for a reader that found the writer restarted the log.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The header is damaged or names another page size.</exception>
    public void Reread()
    {
        var header = ReadHeaderOnDisk();
        _frames.Clear();
        _chains.Clear();
        _salt = header.Salt;
        _lastChecksum = header.Checksum;
        FirstLsn = header.FirstLsn;
        NextLsn = header.FirstLsn;
        EndOffset = WalFormat.HeaderSize;
        _pendingResetLsn = 0;
        _pendingTruncate = -1;

        // Another process's restart may have cut the file or left it longer: its length is what is allocated.
        _allocatedEnd = _device.Length;
    }

    /// <summary>The header the WAL file holds now (another process may have restarted the log since this object read it).</summary>
    /// <exception cref="DatabaseCorruptException">The header is damaged or names another page size.</exception>
    public WalHeader ReadHeaderOnDisk()
    {
        Span<byte> headerBytes = stackalloc byte[WalFormat.HeaderSize];
        if (_device.Read(0, headerBytes) < WalFormat.HeaderSize || !WalFormat.TryReadHeader(headerBytes, out var header) || header.Version != WalFormat.Version)
        {
            throw new DatabaseCorruptException(_device.Name, -1, "the WAL header another process published cannot be read");
        }

        if (header.PageSize != _pageSize)
        {
            throw new DatabaseCorruptException(_device.Name, -1, $"WAL header says page size {header.PageSize}; the database has {_pageSize}");
        }

        return header;
    }

    // FollowTo's frame buffers (it runs under the follower's gate, one call at a time).
    private byte[]? _followHeader;
    private byte[]? _followPayload;

    /// <summary>
    /// Reads the frames after the last one known up to the commit frame with LSN <paramref name="targetLsn"/>
    /// (which another process published as committed), adds them to the frame table and returns them.
    /// </summary>
    /// <exception cref="DatabaseCorruptException">The frames up to the published commit are not all intact.</exception>
    public IReadOnlyList<(uint PageNumber, long Lsn)> FollowTo(long targetLsn)
    {
        // Every read transaction of a shared open asks; most find nothing new, and allocate nothing then.
        if (targetLsn < NextLsn)
        {
            return [];
        }

        var added = new List<(uint PageNumber, long Lsn)>();

        // Kept between calls: while a writer commits, a reader process catches up on most of its reads.
        var headerBuffer = _followHeader ??= new byte[WalFormat.FrameHeaderSize];
        var payloadBuffer = _followPayload ??= new byte[_pageSize];
        var length = _device.Length;
        var offset = EndOffset;
        var lsn = NextLsn;
        var chain = _lastChecksum;
        var pending = new List<(uint PageNumber, WalFrame Frame)>();
        var transactionStart = true;
        while (lsn <= targetLsn)
        {
            var at = offset;
            if (!TryReadFrame(at, lsn, chain, length, headerBuffer, payloadBuffer, out var h, out var sum)
                && !(transactionStart && (at = TransactionStart(offset)) != offset
                     && TryReadFrame(at, lsn, chain, length, headerBuffer, payloadBuffer, out h, out sum)))
            {
                throw new DatabaseCorruptException(_device.Name, -1,
                    $"the WAL frame with LSN {lsn} is missing or fails its checksum, but a writer published the commit at LSN {targetLsn}");
            }

            chain = sum;
            pending.Add((h.PageNumber, new WalFrame(at, h.PayloadLength, 0)));
            offset = at + WalFormat.FrameLength(h.PayloadLength);
            lsn++;
            transactionStart = h.IsCommit;
            if (h.IsCommit)
            {
                var first = lsn - pending.Count;
                for (var i = 0; i < pending.Count; i++)
                {
                    var (page, frame) = pending[i];
                    var whole = frame.PayloadLength == _pageSize;
                    var previous = whole ? 0 : _chains.GetValueOrDefault(page).Lsn;
                    _frames.Add(frame with { PreviousLsn = previous });
                    _chains[page] = (first + i, whole ? 0 : _chains.GetValueOrDefault(page).Depth + 1);
                    added.Add((page, first + i));
                }

                pending.Clear();
                _lastChecksum = chain;
                NextLsn = lsn;
                EndOffset = offset;
            }
        }

        // A writing process that takes its turn appends after these frames, into what the file has now.
        _allocatedEnd = Math.Max(length, EndOffset);
        if (pending.Count != 0)
        {
            throw new DatabaseCorruptException(_device.Name, -1, $"the WAL frame with LSN {targetLsn} is not a commit frame, but a writer published it as one");
        }

        return added;
    }
}
