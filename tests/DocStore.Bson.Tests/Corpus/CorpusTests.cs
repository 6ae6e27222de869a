namespace DocStore.Bson.Tests.Corpus;

/// <summary>MongoDB's BSON corpus, one test per case so each is reported on its own.</summary>
public class CorpusTests
{
    public static TheoryData<string, int, string> ValidCases => CorpusCatalog.Rows(CorpusCaseKind.Valid);

    public static TheoryData<string, int, string> DecodeErrorCases => CorpusCatalog.Rows(CorpusCaseKind.DecodeError);

    public static TheoryData<string, int, string> ParseErrorCases => CorpusCatalog.Rows(CorpusCaseKind.ParseError);

    [Theory]
    [MemberData(nameof(ValidCases))]
    public void Valid_case_round_trips_between_bson_and_extended_json(string file, int index, string description)
    {
        _ = description;
        CorpusRunner.Run(CorpusCatalog.Get(file, CorpusCaseKind.Valid, index));
    }

    [Theory]
    [MemberData(nameof(DecodeErrorCases))]
    public void Decode_error_case_is_rejected_with_BsonFormatException(string file, int index, string description)
    {
        _ = description;
        CorpusRunner.Run(CorpusCatalog.Get(file, CorpusCaseKind.DecodeError, index));
    }

    [Theory]
    [MemberData(nameof(ParseErrorCases))]
    public void Parse_error_case_is_rejected_with_BsonFormatException(string file, int index, string description)
    {
        _ = description;
        CorpusRunner.Run(CorpusCatalog.Get(file, CorpusCaseKind.ParseError, index));
    }
}
