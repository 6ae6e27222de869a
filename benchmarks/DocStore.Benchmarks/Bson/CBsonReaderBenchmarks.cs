using BenchmarkDotNet.Attributes;
using DocStore.Bson;

namespace DocStore.Benchmarks.Bson;

/// <summary>Reading a ~20-field document: every field, one field by id, and full validation.</summary>
[MemoryDiagnoser]
public class CBsonReaderBenchmarks
{
    private readonly byte[] _document = CBsonBenchmarkDocument.Create();

    [Benchmark(Baseline = true)]
    public long ReadAllFields()
    {
        var reader = new CBsonReader(_document);
        return Sum(ref reader);
    }

    [Benchmark]
    public int TryFindFieldLastInt32()
    {
        var reader = new CBsonReader(_document);
        return reader.TryFindField(CBsonBenchmarkDocument.LastFieldId) ? reader.GetInt32() : -1;
    }

    [Benchmark]
    public int Validate()
    {
        CBsonValidator.Validate(_document);
        return _document.Length;
    }

    // Decodes every value without allocating: strings as UTF-8 spans.
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
                    reader.GetBinary(out var subtype);
                    sum += subtype switch
                    {
                        BsonBinarySubtype.Uuid => reader.GetGuid().GetHashCode(),
                        BsonBinarySubtype.DateTime => reader.GetDateTime().Ticks,
                        BsonBinarySubtype.TimeSpan => reader.GetTimeSpan().Ticks,
                        BsonBinarySubtype.DateOnly => reader.GetDateOnly().DayNumber,
                        _ => 0,
                    };
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
