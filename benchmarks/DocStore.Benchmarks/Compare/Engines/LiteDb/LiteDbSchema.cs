using DocStore.Benchmarks.Compare.Data;
using LiteDB;

namespace DocStore.Benchmarks.Compare.Engines.LiteDb;

/// <summary>
/// The LiteDB peer's schema: one BsonMapper with both document shapes registered explicitly, and the
/// people collection's indexes. Names and index expressions are what the adapter's queries name, so the
/// query optimizer picks these indexes. docs/benchmarks.md repeats this.
/// </summary>
internal static class LiteDbSchema
{
    public const string People = "people";
    public const string Usertable = "usertable";

    public const string EmailIndex = "Email";
    public const string AgeIndex = "Age";
    public const string CityIndex = "City";
    public const string TagsIndex = "Tags";

    /// <summary>The field paths the queries use; each is the source of an index expression below.</summary>
    public const string EmailPath = "$.Email";
    public const string AgePath = "$.Age";
    public const string CityPath = "$.Address.City";
    public const string TagsPath = "$.Tags[*]";

    /// <summary>
    /// A mapper of its own (not the process-wide <see cref="BsonMapper.Global"/>) with LiteDB's two lossy
    /// string defaults turned off: <c>TrimWhitespace</c> would trim a bio that starts or ends with a space
    /// and <c>EmptyStringToNull</c> would store "" as null, and the verifier compares every field. The ids
    /// are registered as <c>_id</c> without auto-id, so LiteDB keeps the caller's keys.
    /// </summary>
    public static BsonMapper CreateMapper()
    {
        var mapper = new BsonMapper
        {
            TrimWhitespace = false,
            EmptyStringToNull = false,
            SerializeNullValues = false,
            IncludeFields = false,
            IncludeNonPublic = false,
        };
        mapper.Entity<Person>().Id(p => p.Id, autoId: false);
        mapper.Entity<YcsbDocument>().Id(d => d.Key, autoId: false);
        return mapper;
    }

    /// <summary>Creates the people indexes (unique Email, Age, the Address.City path and the multikey Tags) if missing.</summary>
    public static void EnsureIndexes(ILiteCollection<Person> people)
    {
        people.EnsureIndex(EmailIndex, EmailPath, unique: true);
        people.EnsureIndex(AgeIndex, AgePath);
        people.EnsureIndex(CityIndex, CityPath);
        people.EnsureIndex(TagsIndex, TagsPath);
    }
}
