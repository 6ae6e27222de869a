using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using DocStore.Bson;

namespace DocStore.Benchmarks.Serialization;

/// <summary>
/// DocStore's generated C-BSON serializer against System.Text.Json's source generator on the same
/// ~160-value document, plus reading one int straight from the stored bytes. MemoryPack is not on this
/// machine's package mirror, so it is not part of the run.
/// </summary>
[MemoryDiagnoser]
public class SerializationBenchmarks : IDisposable
{
    private readonly BenchPerson _person = BenchPerson.Sample();
    private readonly FieldDictionary _fields = new();
    private readonly byte[] _buffer = new byte[16 * 1024];
    private readonly ArrayBufferWriter<byte> _json = new(16 * 1024);
    private Utf8JsonWriter _jsonWriter = null!;
    private byte[] _stored = [];
    private byte[] _storedJson = [];

    [GlobalSetup]
    public void Setup()
    {
        var writer = new CBsonWriter(_buffer);
        BenchPersonModel.Instance.Write(ref writer, _person, _fields);
        _stored = _buffer.AsSpan(0, writer.BytesWritten).ToArray();
        _storedJson = JsonSerializer.SerializeToUtf8Bytes(_person, BenchJsonContext.Default.BenchPerson);
        _jsonWriter = new Utf8JsonWriter(_json);
    }

    public void Dispose()
    {
        _jsonWriter.Dispose();
        GC.SuppressFinalize(this);
    }

    [Benchmark]
    [BenchmarkCategory("Write")]
    public int Write_DocStore()
    {
        var writer = new CBsonWriter(_buffer);
        BenchPersonModel.Instance.Write(ref writer, _person, _fields);
        return writer.BytesWritten;
    }

    [Benchmark]
    [BenchmarkCategory("Write")]
    public long Write_SystemTextJson()
    {
        _json.ResetWrittenCount();
        _jsonWriter.Reset(_json);
        JsonSerializer.Serialize(_jsonWriter, _person, BenchJsonContext.Default.BenchPerson);
        return _jsonWriter.BytesCommitted;
    }

    [Benchmark]
    [BenchmarkCategory("Read")]
    public BenchPerson Read_DocStore() => BenchPersonModel.Instance.Read(_stored, _fields);

    [Benchmark]
    [BenchmarkCategory("Read")]
    public BenchPerson Read_SystemTextJson() => JsonSerializer.Deserialize(_storedJson, BenchJsonContext.Default.BenchPerson)!;

    [Benchmark]
    [BenchmarkCategory("Read")]
    public int ReadOneInt_DocStore() => BenchPersonModel.TryReadAge(_stored, _fields, out int age) ? age : -1;
}
