using System.Buffers.Binary;

namespace DocStore.Storage.Redo;

/// <summary>
/// The tree changes of one write transaction, in the order it made them: what its redo record carries, and
/// all that recovery needs to make them again on top of the transactions before it.
/// <code>
/// put:    u8 1, u16 tree name length, tree name (UTF-8), u16 key length, key, u32 value length, value
/// delete: u8 2, u16 tree name length, tree name (UTF-8), u16 key length, key
/// </code>
/// Page numbers never appear: replaying the changes may lay the pages out differently, and nothing but
/// the trees' contents has to come out the same.
/// </summary>
internal sealed class RedoOperations
{
    /// <summary>
    /// A transaction whose changes take more than this commits through the WAL alone: its record would be a
    /// second copy of much data, written while little processor work is left to overlap with it.
    /// </summary>
    public const int MaxLength = 256 * 1024;

    public const byte PutKind = 1;
    public const byte DeleteKind = 2;

    // A buffer above this size is given back once it has gone unused for ShrinkAfter transactions in a row.
    private const int KeptLength = 64 * 1024;
    private const int ShrinkAfter = 16;

    private byte[] _buffer = new byte[4096];
    private int _length;
    private int _smallInARow;

    /// <summary>False once the changes outgrew <see cref="MaxLength"/>: from then on nothing more is recorded.</summary>
    public bool Complete { get; private set; } = true;

    /// <summary>The operations recorded so far.</summary>
    public ReadOnlySpan<byte> Span => _buffer.AsSpan(0, _length);

    /// <summary>Starts over for the next transaction.</summary>
    public void Clear()
    {
        // One large transaction should not keep a large buffer for every small one after it, but a run of
        // transactions over the kept size (batches, or writes doubled by the change log) must not grow it
        // again from 4 KiB each time: that copying and garbage cost them more than the record's write.
        if (_buffer.Length > KeptLength)
        {
            _smallInARow = _length > KeptLength ? 0 : _smallInARow + 1;
            if (_smallInARow >= ShrinkAfter)
            {
                _buffer = new byte[4096];
                _smallInARow = 0;
            }
        }

        _length = 0;
        Complete = true;
    }

    /// <summary>The bytes the buffer holds before it has to grow (tests check that it is kept and given back).</summary>
    internal int Capacity => _buffer.Length;

    public void AddPut(byte[] treeName, ReadOnlySpan<byte> key, ReadOnlySpan<byte> value)
    {
        var target = Reserve(1 + 2 + treeName.Length + 2 + key.Length + 4 + value.Length);
        if (target.IsEmpty)
        {
            return;
        }

        target = WriteTreeAndKey(target, PutKind, treeName, key);
        BinaryPrimitives.WriteInt32LittleEndian(target, value.Length);
        value.CopyTo(target[4..]);
    }

    public void AddDelete(byte[] treeName, ReadOnlySpan<byte> key)
    {
        var target = Reserve(1 + 2 + treeName.Length + 2 + key.Length);
        if (!target.IsEmpty)
        {
            WriteTreeAndKey(target, DeleteKind, treeName, key);
        }
    }

    private static Span<byte> WriteTreeAndKey(Span<byte> target, byte kind, byte[] treeName, ReadOnlySpan<byte> key)
    {
        target[0] = kind;
        BinaryPrimitives.WriteUInt16LittleEndian(target[1..], (ushort)treeName.Length);
        treeName.CopyTo(target[3..]);
        var at = 3 + treeName.Length;
        BinaryPrimitives.WriteUInt16LittleEndian(target[at..], (ushort)key.Length);
        key.CopyTo(target[(at + 2)..]);
        return target[(at + 2 + key.Length)..];
    }

    private Span<byte> Reserve(long size)
    {
        if (!Complete || _length + size > MaxLength)
        {
            Complete = false;
            return default;
        }

        var needed = _length + (int)size;
        if (needed > _buffer.Length)
        {
            Array.Resize(ref _buffer, Math.Max(needed, Math.Min(2 * _buffer.Length, MaxLength)));
        }

        var reserved = _buffer.AsSpan(_length, (int)size);
        _length = needed;
        return reserved;
    }
}

/// <summary>Reads the operations of a redo record back, one at a time, checking every length against the record.</summary>
internal ref struct RedoOperationReader(ReadOnlySpan<byte> operations)
{
    private ReadOnlySpan<byte> _rest = operations;

    /// <summary>The next operation; false at the end. <paramref name="value"/> is empty for a delete.</summary>
    /// <exception cref="FormatException">The operations are malformed (the caller reports which record).</exception>
    public bool TryRead(out byte kind, out ReadOnlySpan<byte> treeName, out ReadOnlySpan<byte> key, out ReadOnlySpan<byte> value)
    {
        value = default;
        if (_rest.IsEmpty)
        {
            kind = 0;
            treeName = key = default;
            return false;
        }

        kind = _rest[0];
        if (kind is not (RedoOperations.PutKind or RedoOperations.DeleteKind))
        {
            throw new FormatException($"unknown operation kind {kind}");
        }

        _rest = _rest[1..];
        treeName = Take(Length16());
        key = Take(Length16());
        if (kind == RedoOperations.PutKind)
        {
            Need(4);
            var length = BinaryPrimitives.ReadInt32LittleEndian(_rest);
            _rest = _rest[4..];
            value = Take(length);
        }

        return true;
    }

    private int Length16()
    {
        Need(2);
        var length = BinaryPrimitives.ReadUInt16LittleEndian(_rest);
        _rest = _rest[2..];
        return length;
    }

    private ReadOnlySpan<byte> Take(int length)
    {
        Need(length);
        var taken = _rest[..length];
        _rest = _rest[length..];
        return taken;
    }

    private readonly void Need(int length)
    {
        if (length < 0 || length > _rest.Length)
        {
            throw new FormatException("an operation runs past the end of its record");
        }
    }
}
