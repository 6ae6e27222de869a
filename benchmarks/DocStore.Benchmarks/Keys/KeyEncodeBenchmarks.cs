using BenchmarkDotNet.Attributes;
using DocStore.Bson;
using DocStore.Bson.Keys;

namespace DocStore.Benchmarks.Keys;

/// <summary>Encoding one index key: single components and a typical composite (name asc, age desc, id).</summary>
[MemoryDiagnoser]
public class KeyEncodeBenchmarks
{
    private readonly byte[] _buffer = new byte[256];
    private readonly string _shortText = "ada@example.org";
    private readonly string _longText = "The Analytical Engine weaves algebraic patterns just as the Jacquard loom weaves flowers and leaves.";
    private readonly ObjectId _id = ObjectId.Parse("56e1fc72e0c917e9c4714161");

    [Benchmark]
    public int EncodeInt32()
    {
        var writer = new KeyWriter(_buffer);
        writer.WriteInt32(1_234_567);
        return writer.BytesWritten;
    }

    [Benchmark]
    public int EncodeInt64()
    {
        var writer = new KeyWriter(_buffer);
        writer.WriteInt64(-9_876_543_210_123L);
        return writer.BytesWritten;
    }

    [Benchmark]
    public int EncodeShortString()
    {
        var writer = new KeyWriter(_buffer);
        writer.WriteString(_shortText.AsSpan());
        return writer.BytesWritten;
    }

    [Benchmark]
    public int EncodeLongString()
    {
        var writer = new KeyWriter(_buffer);
        writer.WriteString(_longText.AsSpan());
        return writer.BytesWritten;
    }

    [Benchmark]
    public int EncodeComposite()
    {
        var writer = new KeyWriter(_buffer);
        writer.WriteString(_shortText.AsSpan());
        writer.WriteInt32(36, descending: true);
        writer.WriteObjectId(_id);
        return writer.BytesWritten;
    }

    [Benchmark]
    public int EncodeDecimal()
    {
        var writer = new KeyWriter(_buffer);
        writer.WriteDecimal(12_345.6789m);
        return writer.BytesWritten;
    }
}
