using System.Buffers;
using BenchmarkDotNet.Attributes;
using DocStore.Bson;

namespace DocStore.Benchmarks.Bson;

/// <summary>Writing a ~20-field document with nested document and array: expect 0 B allocated.</summary>
[MemoryDiagnoser]
public class CBsonWriterBenchmarks
{
    private readonly byte[] _buffer = new byte[1024];
    private readonly ArrayBufferWriter<byte> _output = new(1024);

    [Benchmark(Baseline = true)]
    public int WriteToSpan()
    {
        var writer = new CBsonWriter(_buffer);
        CBsonBenchmarkDocument.Write(ref writer);
        return writer.BytesWritten;
    }

    [Benchmark]
    public int WriteToReusedBufferWriter()
    {
        _output.ResetWrittenCount();
        var writer = new CBsonWriter(_output);
        CBsonBenchmarkDocument.Write(ref writer);
        return writer.BytesWritten;
    }
}
