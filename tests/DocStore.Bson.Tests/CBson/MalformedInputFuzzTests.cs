using DocStore.Bson.Interop;
using DocStore.Bson.Tests.CBson.Support;
using DocStore.Tests.Fuzzing;
using Xunit.Abstractions;

namespace DocStore.Bson.Tests.CBson;

/// <summary>
/// Seeded fuzzing (docs/format.md, "Fuzzing"): valid documents are corrupted and fed to the reader (every
/// getter), the validator and both converter directions. Each must succeed or throw exactly
/// <see cref="BsonFormatException"/>; any other exception, or an input that hangs, fails with the seed,
/// case and bytes. The normal run feeds a fixed number of inputs; set
/// DOCSTORE_FUZZ_ITERATIONS for a long run.
/// </summary>
public class MalformedInputFuzzTests(ITestOutputHelper output)
{
    private const int Seed = 0x5EED;
    private static readonly FieldDictionary Names = SampleDocuments.Names(RandomDocuments.MaxId);

    [Fact]
    public void Byte_flips_throw_only_BsonFormatException() =>
        Report(FuzzCBson("C-BSON byte flips", Seed, 8_000, (valid, _, random) => Mutations.FlipBytes(valid, random)));

    [Fact]
    public void Truncations_throw_only_BsonFormatException() =>
        Report(FuzzCBson("C-BSON truncations", Seed + 1, 10_000, (valid, _, random) => Mutations.Truncate(valid, random)));

    [Fact]
    public void Lying_length_fields_throw_only_BsonFormatException() =>
        Report(FuzzCBson("C-BSON lying lengths", Seed + 2, 10_000, Mutations.LieAboutALength));

    [Fact]
    public void Random_bytes_inside_a_valid_frame_throw_only_BsonFormatException() =>
        Report(FuzzCBson("C-BSON random frames", Seed + 3, 5_000, (_, _, random) =>
        {
            var bytes = new byte[random.Next(5, 200)];
            random.NextBytes(bytes);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
            bytes[^1] = 0;
            return bytes;
        }));

    [Theory(Timeout = 60_000)]
    [InlineData(false)]
    [InlineData(true)]
    public async Task Ten_thousand_levels_of_nesting_are_rejected_without_overflowing_the_stack(bool arrays) =>
        await Task.Run(() =>
        {
            var deep = SampleDocuments.Nested(10_000, arrays);
            Assert.Throws<BsonFormatException>(() => CBsonValidator.Validate(deep));
            Assert.Throws<BsonFormatException>(() => ExerciseReader(deep));
            Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.ToBson(deep, Names));

            var deepBson = CBsonBsonConverter.ToBson(SampleDocuments.Nested(CBsonLimits.MaxDepth, arrays), Names);
            for (var i = 0; i < 9_900; i++)
            {
                deepBson = Wrap(deepBson);
            }

            Assert.Throws<BsonFormatException>(() => CBsonBsonConverter.FromBson(deepBson, new FieldDictionary()));
        });

    private void Report((int Cases, int Rejected) result) =>
        output.WriteLine($"{result.Cases} cases, {result.Rejected} rejected by the validator");

    private static (int Cases, int Rejected) FuzzCBson(string target, int seed, int maxCases, Func<byte[], List<int>, Random, byte[]> mutate)
    {
        var random = new Random(seed);
        var valid = new List<byte[]> { SampleDocuments.Order(), SampleDocuments.Nested(CBsonLimits.MaxDepth, arrays: true) };
        for (var i = 0; i < 40; i++)
        {
            valid.Add(RandomDocuments.Create(random, maxDepth: 5, maxFields: 6));
        }

        var lengths = valid.ConvertAll(Mutations.LengthFields);
        var result = Fuzz.Run(
            target, seed, maxCases,
            r =>
            {
                var pick = r.Next(valid.Count);
                return mutate(valid[pick], lengths[pick], r);
            },
            input => Check(input) == 1,
            Fuzz.Hex);

        // The mutations must actually hit malformed input, or the test proves nothing.
        Assert.True(result.Rejected > result.Cases / 10, $"only {result.Rejected} of {result.Cases} mutated inputs were rejected");
        return result;
    }

    /// <summary>Runs every consumer; returns 1 when the validator rejected the input.</summary>
    private static int Check(byte[] input)
    {
        var validatorRejected = Expect(() => CBsonValidator.Validate(input));
        var readerRejected = Expect(() => ExerciseReader(input, readExtensions: false));
        Expect(() => ExerciseReader(input, readExtensions: true));
        Expect(() => CBsonBsonConverter.ToBson(input, Names));
        Expect(() => CBsonBsonConverter.FromBson(input, new FieldDictionary()));
        Expect(() => CBsonDocumentConverter.ToDocument(input, Names));

        // Whatever the validator accepts, the reader must read to the end (extension payloads aside: any
        // binary is valid, and a bad extension payload fails only when read as its .NET type).
        if (!validatorRejected && readerRejected)
        {
            Assert.Fail("The validator accepted input the reader rejected.");
        }

        return validatorRejected ? 1 : 0;
    }

    // Exactly BsonFormatException is the documented outcome; anything else escapes and fails the run.
    private static bool Expect(Action action) => Fuzz.Rejects(action, Fuzz.Is<BsonFormatException>);

    /// <summary>Reads every element with the getter for its type, and looks fields up by id.</summary>
    private static void ExerciseReader(byte[] input, bool readExtensions = true)
    {
        var reader = new CBsonReader(input);
        Exercise(ref reader, readExtensions);
        reader.TryFindField(1);
        reader.TryFindField(RandomDocuments.MaxId);
    }

    private static void Exercise(ref CBsonReader reader, bool readExtensions)
    {
        while (reader.Read())
        {
            _ = reader.GetRawValue();
            switch (reader.Type)
            {
                case BsonType.Double: reader.GetDouble(); break;
                case BsonType.String: reader.GetString(); break;
                case BsonType.Document:
                    var document = reader.GetDocumentReader();
                    Exercise(ref document, readExtensions);
                    break;
                case BsonType.Array:
                    var array = reader.GetArrayReader();
                    Exercise(ref array, readExtensions);
                    break;
                case BsonType.Binary when readExtensions:
                    ExerciseBinary(ref reader);
                    break;
                case BsonType.ObjectId: reader.GetObjectId(); break;
                case BsonType.Boolean: reader.GetBoolean(); break;
                case BsonType.DateTime: reader.GetUtcDateTime(); break;
                case BsonType.RegularExpression: reader.GetRegularExpression(out _, out _); break;
                case BsonType.DBPointer: reader.GetDBPointer(out _, out _); break;
                case BsonType.JavaScript: reader.GetJavaScript(); break;
                case BsonType.Symbol: reader.GetSymbol(); break;
                case BsonType.JavaScriptWithScope:
                    reader.GetJavaScriptWithScope(out var scope);
                    Exercise(ref scope, readExtensions);
                    break;
                case BsonType.Int32: reader.GetInt32(); break;
                case BsonType.Timestamp: reader.GetTimestamp(out _, out _); break;
                case BsonType.Int64: reader.GetInt64(); break;
                case BsonType.Decimal128: reader.GetDecimal128(); break;
            }
        }
    }

    // Extension payloads are checked when read as their type; a bad one is a BsonFormatException like any other.
    private static void ExerciseBinary(ref CBsonReader reader)
    {
        reader.GetBinary(out var subtype);
        switch (subtype)
        {
            case BsonBinarySubtype.Uuid: reader.GetGuid(); break;
            case BsonBinarySubtype.DateTime: reader.GetDateTime(); break;
            case BsonBinarySubtype.DateTimeOffset: reader.GetDateTimeOffset(); break;
            case BsonBinarySubtype.TimeSpan: reader.GetTimeSpan(); break;
            case BsonBinarySubtype.DateOnly: reader.GetDateOnly(); break;
            case BsonBinarySubtype.TimeOnly: reader.GetTimeOnly(); break;
        }
    }

    private static byte[] Wrap(byte[] bson)
    {
        var wrapped = new byte[4 + 3 + bson.Length + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(wrapped, wrapped.Length);
        wrapped[4] = (byte)BsonType.Document;
        wrapped[5] = (byte)'x';
        bson.CopyTo(wrapped, 7);
        return wrapped;
    }
}
