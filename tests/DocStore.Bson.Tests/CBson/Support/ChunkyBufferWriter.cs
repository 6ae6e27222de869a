using System.Buffers;

namespace DocStore.Bson.Tests.CBson.Support;

/// <summary>
/// A buffer writer that hands out a fresh array of exactly the size asked for on every GetSpan, so that
/// a writer growing its output must copy what it wrote; records every Advance.
/// </summary>
internal sealed class ChunkyBufferWriter : IBufferWriter<byte>
{
    private byte[] _current = [];
    private readonly List<byte> _written = [];

    public int GetSpanCalls { get; private set; }

    public int AdvanceCalls { get; private set; }

    public byte[] Written => [.. _written];

    public void Advance(int count)
    {
        AdvanceCalls++;
        _written.AddRange(_current.AsSpan(0, count).ToArray());
        _current = [];
    }

    public Memory<byte> GetMemory(int sizeHint = 0) => GetArray(sizeHint);

    public Span<byte> GetSpan(int sizeHint = 0) => GetArray(sizeHint);

    private byte[] GetArray(int sizeHint)
    {
        GetSpanCalls++;
        _current = new byte[Math.Max(sizeHint, 1)];
        // Garbage, so that bytes the writer forgot to copy show up as differences.
        Array.Fill(_current, (byte)0xCD);
        return _current;
    }
}
