using BenchmarkDotNet.Attributes;
using DocStore.Bson;
using DocStore.Bson.Keys;

namespace DocStore.Benchmarks.Keys;

/// <summary>Decoding index keys back into values.</summary>
[MemoryDiagnoser]
public class KeyDecodeBenchmarks
{
    private byte[] _int32 = [];
    private byte[] _int64 = [];
    private byte[] _string = [];
    private byte[] _composite = [];

    [GlobalSetup]
    public void Setup()
    {
        _int32 = Encode(static (ref KeyWriter w) => w.WriteInt32(1_234_567));
        _int64 = Encode(static (ref KeyWriter w) => w.WriteInt64(-9_876_543_210_123L));
        _string = Encode(static (ref KeyWriter w) => w.WriteString("ada@example.org"));
        _composite = Encode(static (ref KeyWriter w) =>
        {
            w.WriteString("ada@example.org");
            w.WriteInt32(36, descending: true);
            w.WriteObjectId(ObjectId.Parse("56e1fc72e0c917e9c4714161"));
        });
    }

    [Benchmark]
    public int DecodeInt32() => new KeyReader(_int32).ReadInt32();

    [Benchmark]
    public long DecodeInt64() => new KeyReader(_int64).ReadInt64();

    [Benchmark]
    public string DecodeString() => new KeyReader(_string).ReadString();

    [Benchmark]
    public ObjectId DecodeCompositeSkippingToPrimaryKey()
    {
        var reader = new KeyReader(_composite);
        reader.Skip();
        reader.Skip();
        return reader.ReadObjectId();
    }

    [Benchmark]
    public int DecodeComposite()
    {
        var reader = new KeyReader(_composite);
        var name = reader.ReadString();
        var age = reader.ReadInt32(descending: true);
        var id = reader.ReadObjectId();
        return name.Length + age + id.GetHashCode();
    }

    private delegate void Write(ref KeyWriter writer);

    private static byte[] Encode(Write write)
    {
        var buffer = new byte[256];
        var writer = new KeyWriter(buffer);
        write(ref writer);
        return writer.WrittenSpan.ToArray();
    }
}
