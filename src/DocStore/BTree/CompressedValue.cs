using System.Buffers;
using System.IO.Compression;

namespace DocStore.BTree;

/// <summary>
/// The stored form of a compressed value (docs/storage.md, "Compression"): a <see cref="CellLength"/> varint
/// of the value's length, then a Brotli stream. A cell says whether its value is in this form; values
/// under <see cref="MinLength"/> bytes, or that would not shrink by an eighth, are stored as they are.
/// </summary>
internal static class CompressedValue
{
    /// <summary>Values shorter than this are not worth a compressor's start-up cost.</summary>
    public const int MinLength = 256;

    // Quality 3 is the fastest level whose matches and literal codes come near what higher levels reach on
    // documents (1 KiB people: 79% against 81% at quality 1 and 78.5% at 5, at 1.6x quality 1's time). Each
    // value is compressed alone, so a 4 KiB window loses little, and larger windows made the encoder's
    // native buffers cost the 1M load 11 MiB of working set.
    private const int Quality = 3;
    private const int Window = 12;

    /// <summary>
    /// Compresses <paramref name="value"/> when <paramref name="setting"/> asks for it and that pays;
    /// <paramref name="packed"/> then holds the stored form until it is disposed.
    /// </summary>
    public static bool TryCompress(ValueCompression setting, ReadOnlySpan<byte> value, out Packed packed)
    {
        packed = default;
        if (setting != ValueCompression.Brotli || value.Length < MinLength)
        {
            return false;
        }

        var limit = value.Length - (value.Length / 8);
        var buffer = ArrayPool<byte>.Shared.Rent(limit);
        var header = CellLength.Write(buffer, value.Length);
        if (!BrotliEncoder.TryCompress(value, buffer.AsSpan(header, limit - header), out var written, Quality, Window))
        {
            ArrayPool<byte>.Shared.Return(buffer);
            return false;
        }

        packed = new Packed(buffer, header + written);
        return true;
    }

    /// <summary>The value <paramref name="stored"/> holds, or null when it is not a well-formed compressed value.</summary>
    public static byte[]? TryDecompress(ReadOnlySpan<byte> stored)
    {
        if (!CellLength.TryRead(stored, 0, out var length, out var start) || length > TreeLimits.MaxValueLength)
        {
            return null;
        }

        var value = new byte[length];
        return BrotliDecoder.TryDecompress(stored[start..], value, out var written) && written == length ? value : null;
    }

    /// <summary>A value's stored form in a buffer from the shared pool, which disposing gives back.</summary>
    public readonly ref struct Packed(byte[] buffer, int length)
    {
        public ReadOnlySpan<byte> Span => buffer.AsSpan(0, length);

        public void Dispose() => ArrayPool<byte>.Shared.Return(buffer);
    }
}
