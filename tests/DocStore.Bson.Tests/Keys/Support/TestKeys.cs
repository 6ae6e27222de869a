using System.Buffers;
using DocStore.Bson.Keys;

namespace DocStore.Bson.Tests.Keys.Support;

internal delegate void WriteKey(ref KeyWriter writer);

internal delegate void ReadKey(ref KeyReader reader);

internal static class TestKeys
{
    /// <summary>Writes a key with <paramref name="write"/> into a growing buffer and returns its bytes.</summary>
    public static byte[] Encode(WriteKey write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new KeyWriter(output);
        write(ref writer);
        Assert.Equal(output.WrittenCount, writer.BytesWritten);
        return output.WrittenSpan.ToArray();
    }

    public static string Hex(WriteKey write) => Convert.ToHexString(Encode(write));

    /// <summary>Reads <paramref name="key"/> with <paramref name="read"/>, which must consume all of it.</summary>
    public static void Decode(byte[] key, ReadKey read)
    {
        var reader = new KeyReader(key);
        read(ref reader);
        reader.ExpectEnd();
    }
}
