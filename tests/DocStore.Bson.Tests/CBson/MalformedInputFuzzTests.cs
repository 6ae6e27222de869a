using System.Diagnostics;
using DocStore.Bson.Tests.CBson.Support;
using Xunit.Abstractions;

namespace DocStore.Bson.Tests.CBson;

/// <summary>
/// Seeded fuzzing: valid documents are corrupted and fed to the reader (every getter), the validator and
/// both converter directions. Each must succeed or throw exactly <see cref="BsonFormatException"/>; any
/// other exception fails with the seed, case and bytes. Runs are bounded by count and by a time budget,
/// and run under a test timeout so that a hang fails instead of stalling the suite.
/// </summary>
public class MalformedInputFuzzTests(ITestOutputHelper output)
{
    private const int Seed = 0x5EED;
    private static readonly TimeSpan Budget = TimeSpan.FromSeconds(2.5);
    private static readonly FieldDictionary Names = SampleDocuments.Names(RandomDocuments.MaxId);

    [Fact(Timeout = 60_000)]
    public async Task Byte_flips_throw_only_BsonFormatException() =>
        await Task.Run(() => Report(Fuzz(Seed, 20_000, (valid, _, random) => Mutations.FlipBytes(valid, random))));

    [Fact(Timeout = 60_000)]
    public async Task Truncations_throw_only_BsonFormatException() =>
        await Task.Run(() => Report(Fuzz(Seed + 1, 10_000, (valid, _, random) => Mutations.Truncate(valid, random))));

    [Fact(Timeout = 60_000)]
    public async Task Lying_length_fields_throw_only_BsonFormatException() =>
        await Task.Run(() => Report(Fuzz(Seed + 2, 20_000, Mutations.LieAboutALength)));

    [Fact(Timeout = 60_000)]
    public async Task Random_bytes_inside_a_valid_frame_throw_only_BsonFormatException() =>
        await Task.Run(() => Report(Fuzz(Seed + 3, 5_000, (_, _, random) =>
        {
            var bytes = new byte[random.Next(5, 200)];
            random.NextBytes(bytes);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32LittleEndian(bytes, bytes.Length);
            bytes[^1] = 0;
            return bytes;
        })));

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

    private static (int Cases, int Rejected) Fuzz(int seed, int maxCases, Func<byte[], List<int>, Random, byte[]> mutate)
    {
        var random = new Random(seed);
        var valid = new List<byte[]> { SampleDocuments.Order(), SampleDocuments.Nested(CBsonLimits.MaxDepth, arrays: true) };
        for (var i = 0; i < 40; i++)
        {
            valid.Add(RandomDocuments.Create(random, maxDepth: 5, maxFields: 6));
        }

        var lengths = valid.ConvertAll(Mutations.LengthFields);
        var clock = Stopwatch.StartNew();
        var rejected = 0;
        var cases = 0;
        for (; cases < maxCases && clock.Elapsed < Budget; cases++)
        {
            var pick = random.Next(valid.Count);
            var input = mutate(valid[pick], lengths[pick], random);
            rejected += Check(input, $"seed {seed}, case {cases}");
        }

        // The mutations must actually hit malformed input, or the test proves nothing.
        Assert.True(rejected > cases / 10, $"only {rejected} of {cases} mutated inputs were rejected");
        return (cases, rejected);
    }

    /// <summary>Runs every consumer; returns 1 when the validator rejected the input.</summary>
    private static int Check(byte[] input, string where)
    {
        var validatorRejected = Expect(where, "validator", input, () => CBsonValidator.Validate(input));
        var readerRejected = Expect(where, "reader", input, () => ExerciseReader(input, readExtensions: false));
        Expect(where, "reader with extension types", input, () => ExerciseReader(input, readExtensions: true));
        Expect(where, "ToBson", input, () => CBsonBsonConverter.ToBson(input, Names));
        Expect(where, "FromBson", input, () => CBsonBsonConverter.FromBson(input, new FieldDictionary()));

        // Whatever the validator accepts, the reader must read to the end (extension payloads aside: any
        // binary is valid, and a bad extension payload fails only when read as its .NET type).
        if (!validatorRejected && readerRejected)
        {
            Assert.Fail($"{where}: the validator accepted input the reader rejected: {Convert.ToHexString(input)}");
        }

        return validatorRejected ? 1 : 0;
    }

    private static bool Expect(string where, string consumer, byte[] input, Action action)
    {
        try
        {
            action();
            return false;
        }
        catch (Exception e) when (e.GetType() == typeof(BsonFormatException))
        {
            return true;
        }
        catch (Exception e)
        {
            Assert.Fail($"{where}: {consumer} threw {e.GetType().Name} instead of BsonFormatException on {Convert.ToHexString(input)}\n{e}");
            return true;
        }
    }

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
            case CBsonBinarySubtype.Uuid: reader.GetGuid(); break;
            case CBsonBinarySubtype.DateTime: reader.GetDateTime(); break;
            case CBsonBinarySubtype.DateTimeOffset: reader.GetDateTimeOffset(); break;
            case CBsonBinarySubtype.TimeSpan: reader.GetTimeSpan(); break;
            case CBsonBinarySubtype.DateOnly: reader.GetDateOnly(); break;
            case CBsonBinarySubtype.TimeOnly: reader.GetTimeOnly(); break;
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
