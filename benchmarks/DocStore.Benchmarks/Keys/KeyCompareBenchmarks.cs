using BenchmarkDotNet.Attributes;
using DocStore.Bson;
using DocStore.Bson.Keys;

namespace DocStore.Benchmarks.Keys;

/// <summary>
/// What the B+tree pays per comparison: one byte comparison of encoded keys, against comparing the
/// values themselves with their own comparers (the alternative of decoding or typed comparers).
/// </summary>
[MemoryDiagnoser]
public class KeyCompareBenchmarks
{
    private readonly (string Name, int Age, ObjectId Id) _leftValue = ("ada@example.org", 36, ObjectId.Parse("56e1fc72e0c917e9c4714161"));
    private readonly (string Name, int Age, ObjectId Id) _rightValue = ("ada@example.org", 36, ObjectId.Parse("56e1fc72e0c917e9c4714162"));
    private readonly int _leftInt32 = 1_234_567;
    private readonly int _rightInt32 = 1_234_568;
    private byte[] _leftKey = [];
    private byte[] _rightKey = [];
    private byte[] _leftInt = [];
    private byte[] _rightInt = [];

    [GlobalSetup]
    public void Setup()
    {
        _leftKey = Encode(_leftValue);
        _rightKey = Encode(_rightValue);
        _leftInt = EncodeInt(_leftInt32);
        _rightInt = EncodeInt(_rightInt32);
    }

    [Benchmark(Baseline = true)]
    public int CompareEncodedComposite() => KeyEncoding.Compare(_leftKey, _rightKey);

    [Benchmark]
    public int CompareCompositeValues()
    {
        var c = string.CompareOrdinal(_leftValue.Name, _rightValue.Name);
        if (c != 0)
        {
            return c;
        }

        c = _rightValue.Age.CompareTo(_leftValue.Age);
        return c != 0 ? c : _leftValue.Id.CompareTo(_rightValue.Id);
    }

    [Benchmark]
    public int CompareEncodedInt32() => KeyEncoding.Compare(_leftInt, _rightInt);

    [Benchmark]
    public int CompareInt32Values() => _leftInt32.CompareTo(_rightInt32);

    [Benchmark]
    public int CompareByDecodingComposite()
    {
        var left = new KeyReader(_leftKey);
        var right = new KeyReader(_rightKey);
        var c = string.CompareOrdinal(left.ReadString(), right.ReadString());
        if (c != 0)
        {
            return c;
        }

        c = right.ReadInt32(descending: true).CompareTo(left.ReadInt32(descending: true));
        return c != 0 ? c : left.ReadObjectId().CompareTo(right.ReadObjectId());
    }

    private static byte[] Encode((string Name, int Age, ObjectId Id) value)
    {
        var buffer = new byte[256];
        var writer = new KeyWriter(buffer);
        writer.WriteString(value.Name.AsSpan());
        writer.WriteInt32(value.Age, descending: true);
        writer.WriteObjectId(value.Id);
        return writer.WrittenSpan.ToArray();
    }

    private static byte[] EncodeInt(int value)
    {
        var buffer = new byte[16];
        var writer = new KeyWriter(buffer);
        writer.WriteInt32(value);
        return writer.WrittenSpan.ToArray();
    }
}
