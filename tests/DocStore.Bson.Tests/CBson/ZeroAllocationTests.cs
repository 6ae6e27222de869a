using System.Buffers;
using DocStore.Bson.Tests.CBson.Support;

namespace DocStore.Bson.Tests.CBson;

public class ZeroAllocationTests
{
    private const int Iterations = 50;

    [Fact]
    public void Writing_a_nested_document_into_a_span_allocates_nothing()
    {
        var buffer = new byte[2048];
        WriteToSpan(buffer);
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Iterations; i++)
        {
            WriteToSpan(buffer);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    [Fact]
    public void Writing_into_a_reused_buffer_writer_allocates_nothing_after_warm_up()
    {
        var output = new ArrayBufferWriter<byte>(4096);
        WriteToBufferWriter(output);
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Iterations; i++)
        {
            WriteToBufferWriter(output);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        Assert.Equal(SampleDocuments.Order(), output.WrittenSpan.ToArray());
    }

    [Fact]
    public void Reading_numbers_spans_and_nested_readers_allocates_nothing()
    {
        var document = SampleDocuments.Order();
        var expected = ReadAll(document);
        var before = GC.GetAllocatedBytesForCurrentThread();
        long total = 0;
        for (var i = 0; i < Iterations; i++)
        {
            total += ReadAll(document);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
        Assert.Equal(expected * Iterations, total);
    }

    [Fact]
    public void Validating_and_finding_a_field_allocate_nothing()
    {
        var document = SampleDocuments.Order();
        FindAndValidate(document);
        var before = GC.GetAllocatedBytesForCurrentThread();
        for (var i = 0; i < Iterations; i++)
        {
            FindAndValidate(document);
        }

        Assert.Equal(0, GC.GetAllocatedBytesForCurrentThread() - before);
    }

    private static void WriteToSpan(byte[] buffer)
    {
        var writer = new CBsonWriter(buffer);
        SampleDocuments.WriteOrder(ref writer);
    }

    private static void WriteToBufferWriter(ArrayBufferWriter<byte> output)
    {
        output.ResetWrittenCount();
        var writer = new CBsonWriter(output);
        SampleDocuments.WriteOrder(ref writer);
    }

    private static void FindAndValidate(byte[] document)
    {
        CBsonValidator.Validate(document);
        var reader = new CBsonReader(document);
        if (!reader.TryFindField(18))
        {
            throw new InvalidOperationException("field 18 missing");
        }
    }

    // Sums numbers and span lengths so that the work cannot be skipped.
    private static long ReadAll(byte[] document)
    {
        var reader = new CBsonReader(document);
        return Sum(ref reader);
    }

    private static long Sum(ref CBsonReader reader)
    {
        long sum = 0;
        while (reader.Read())
        {
            switch (reader.Type)
            {
                case BsonType.Int32: sum += reader.GetInt32(); break;
                case BsonType.Int64: sum += reader.GetInt64(); break;
                case BsonType.Double: sum += (long)reader.GetDouble(); break;
                case BsonType.String: sum += reader.GetStringUtf8().Length; break;
                case BsonType.Boolean: sum += reader.GetBoolean() ? 1 : 0; break;
                case BsonType.ObjectId: sum += reader.GetObjectId().Timestamp; break;
                case BsonType.Decimal128: sum += (long)reader.GetDecimal(); break;
                case BsonType.Binary:
                    sum += reader.GetBinary(out var subtype) is { Length: 16 } ? reader.GetGuid().GetHashCode() : 0;
                    sum += subtype == BsonBinarySubtype.DateTime ? reader.GetDateTime().Ticks : 0;
                    break;
                case BsonType.Document:
                    var document = reader.GetDocumentReader();
                    sum += Sum(ref document);
                    break;
                case BsonType.Array:
                    var array = reader.GetArrayReader();
                    sum += Sum(ref array);
                    break;
            }
        }

        return sum;
    }
}
