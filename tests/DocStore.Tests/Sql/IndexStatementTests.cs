using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>CREATE [UNIQUE] INDEX takes paths as [Index] does; DROP INDEX names the index within its collection.</summary>
public sealed class IndexStatementTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "CREATE INDEX ByCity ON People (Address.City)", "(create-index ByCity People Address.City)" },
        { "create unique index ByEmail on People (Email)", "(create-unique-index ByEmail People Email)" },
        { "CREATE INDEX ByTagAndSku ON Orders (Tags[], Lines[].Sku)", "(create-index ByTagAndSku Orders Tags[] Lines[].Sku)" },
        { "DROP INDEX People.ByCity", "(drop-index People ByCity)" },
        { "drop index \"People\".\"By City\"", "(drop-index \"People\" \"By City\")" },
        { "DROP INDEX People.Index", "(drop-index People Index)" },
        { "CREATE INDEX IF NOT EXISTS ByCity ON People (Address.City)", "(create-index if-not-exists ByCity People Address.City)" },
        { "create unique index if not exists \"If\" on People (Email)", "(create-unique-index if-not-exists \"If\" People Email)" },
        { "CREATE INDEX If ON People (Email)", "(create-index If People Email)" },
        { "DROP INDEX IF EXISTS People.ByCity", "(drop-index if-exists People ByCity)" },
        { "DROP INDEX if.Exists", "(drop-index if Exists)" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Index_statements_parse_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);
}
