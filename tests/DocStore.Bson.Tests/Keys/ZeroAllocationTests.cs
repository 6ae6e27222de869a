using System.Buffers;
using DocStore.Bson.Keys;

namespace DocStore.Bson.Tests.Keys;

public class ZeroAllocationTests
{
    private static readonly Guid SampleGuid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
    private static readonly ObjectId SampleId = ObjectId.Parse("56e1fc72e0c917e9c4714161");

    [Fact]
    public void Encoding_a_composite_key_into_a_stack_span_allocates_nothing()
    {
        // The first round JIT-compiles and runs static constructors; only the second is measured.
        WriteAndCompare();
        var before = GC.GetAllocatedBytesForCurrentThread();
        var order = WriteAndCompare();
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(0, allocated);

        // The keys differ only in the descending age: 41 sorts after 42.
        Assert.True(order > 0);
    }

    [Fact]
    public void Reading_fixed_size_components_and_skipping_strings_allocates_nothing()
    {
        Span<byte> buffer = stackalloc byte[256];
        var length = Write(buffer, 42);
        var key = buffer[..length].ToArray();
        ReadBack(key);
        var before = GC.GetAllocatedBytesForCurrentThread();
        var sum = ReadBack(key);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(0, allocated);
        Assert.Equal(42 + 7L, sum);
    }

    [Fact]
    public void Encoding_into_a_reused_buffer_writer_allocates_nothing()
    {
        var output = new ArrayBufferWriter<byte>(1024);
        WriteTo(output);
        output.ResetWrittenCount();
        var before = GC.GetAllocatedBytesForCurrentThread();
        WriteTo(output);
        var allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Assert.Equal(0, allocated);
        Span<byte> expected = stackalloc byte[256];
        Assert.True(output.WrittenSpan.SequenceEqual(expected[..Write(expected, 42)]));
    }

    private static int WriteAndCompare()
    {
        Span<byte> left = stackalloc byte[256];
        Span<byte> right = stackalloc byte[256];
        var leftLength = Write(left, 41);
        var rightLength = Write(right, 42);
        return KeyEncoding.Compare(left[..leftLength], right[..rightLength]);
    }

    private static int Write(Span<byte> destination, int age)
    {
        var writer = new KeyWriter(destination);
        Append(ref writer, age);
        return writer.BytesWritten;
    }

    private static void WriteTo(IBufferWriter<byte> output)
    {
        var writer = new KeyWriter(output);
        Append(ref writer, 42);
    }

    private static void Append(ref KeyWriter writer, int age)
    {
        writer.WriteString("Lovelace".AsSpan());
        writer.WriteInt32(age, descending: true);
        writer.WriteInt64(long.MinValue);
        writer.WriteDouble(-1.5);
        writer.WriteDecimal(123.4500m, descending: true);
        writer.WriteGuid(SampleGuid);
        writer.WriteObjectId(SampleId);
        writer.WriteDateTime(new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc));
        writer.WriteDateTimeOffset(new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.FromHours(2)));
        writer.WriteString("Ada \0 \uD83D\uDE00".AsSpan(), descending: true);
        writer.WriteBinary([0x00, 0xFF]);
        writer.WriteBoolean(true);
        writer.WriteNull();
        writer.WriteInt32(7);
    }

    private static long ReadBack(ReadOnlySpan<byte> key)
    {
        var reader = new KeyReader(key);
        reader.Skip();
        long sum = reader.ReadInt32(descending: true);
        _ = reader.ReadInt64();
        _ = reader.ReadDouble();
        _ = reader.ReadDecimal(descending: true);
        _ = reader.ReadGuid();
        _ = reader.ReadObjectId();
        _ = reader.ReadDateTime();
        _ = reader.ReadDateTimeOffset();
        reader.Skip();
        reader.Skip();
        _ = reader.ReadBoolean();
        reader.ReadNull();
        sum += reader.ReadInt32();
        reader.ExpectEnd();
        return sum;
    }
}
