using System.Buffers;
using System.Text.Json;
using BenchmarkDotNet.Attributes;
using DocStore.Bson;
using MemoryPack;

namespace DocStore.Benchmarks.Serialization;

/// <summary>
/// DocStore's generated C-BSON serializer against System.Text.Json's source generator on the same
/// ~160-value document and against MemoryPack's source generator (a schema-less binary format: no field
/// names, so no evolution by name and no field reader), plus reading one int straight from the stored bytes.
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
    private readonly ArrayBufferWriter<byte> _memoryPack = new(16 * 1024);
    private byte[] _storedMemoryPack = [];

    [GlobalSetup]
    public void Setup()
    {
        var writer = new CBsonWriter(_buffer);
        BenchPersonCollection.DocumentModel.Write(ref writer, _person, _fields);
        _stored = _buffer.AsSpan(0, writer.BytesWritten).ToArray();
        _storedJson = JsonSerializer.SerializeToUtf8Bytes(_person, BenchJsonContext.Default.BenchPerson);
        _jsonWriter = new Utf8JsonWriter(_json);
        _storedMemoryPack = MemoryPackSerializer.Serialize(_person);

        // Every serializer must round-trip the whole document, or the comparison measures less work.
        foreach (BenchPerson copy in new[] { Read_DocStore(), Read_SystemTextJson(), Read_MemoryPack() })
        {
            if (copy.Email != _person.Email || copy.Employment.Count != _person.Employment.Count
                || copy.Employment[9].Tags[4] != _person.Employment[9].Tags[4] || copy.Id != _person.Id
                || copy.Salary != _person.Salary || copy.Updated != _person.Updated)
            {
                throw new InvalidOperationException("A serializer did not round-trip the benchmark document.");
            }
        }
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
        BenchPersonCollection.DocumentModel.Write(ref writer, _person, _fields);
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
    [BenchmarkCategory("Write")]
    public int Write_MemoryPack()
    {
        _memoryPack.ResetWrittenCount();
        MemoryPackSerializer.Serialize(_memoryPack, _person);
        return _memoryPack.WrittenCount;
    }

    [Benchmark]
    [BenchmarkCategory("Read")]
    public BenchPerson Read_DocStore() => BenchPersonCollection.DocumentModel.Read(_stored, _fields);

    [Benchmark]
    [BenchmarkCategory("Read")]
    public BenchPerson Read_SystemTextJson() => JsonSerializer.Deserialize(_storedJson, BenchJsonContext.Default.BenchPerson)!;

    [Benchmark]
    [BenchmarkCategory("Read")]
    public BenchPerson Read_MemoryPack() => MemoryPackSerializer.Deserialize<BenchPerson>(_storedMemoryPack)!;

    [Benchmark]
    [BenchmarkCategory("Read")]
    public int ReadOneInt_DocStore() => BenchPersonCollection.TryReadAge(_stored, _fields, out int age) ? age : -1;
}
