using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>UPDATE assigns paths; UPDATE and DELETE take an optional WHERE.</summary>
public sealed class UpdateDeleteTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "UPDATE People SET Age = Age + 1 WHERE Name = 'Ann'", "(update People (set Age (+ Age 1)) (where (= Name 'Ann')))" },
        { "update People set Address.City = 'Oslo', Tags = NULL", "(update People (set Address.City 'Oslo') (set Tags NULL))" },
        { "UPDATE People SET Profile = {\"a\": 1} WHERE Id = @id", "(update People (set Profile {\"a\": 1}) (where (= Id @id)))" },
        { "UPDATE People SET \"Order\" = (SELECT MAX(n) FROM Counters)", "(update People (set \"Order\" (select ((call MAX n)) (from Counters))))" },
        { "DELETE FROM People", "(delete People)" },
        { "delete from People where Age < 18 OR Age IS NULL", "(delete People (where (OR (< Age 18) (IS-NULL Age))))" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Update_and_delete_parse_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);
}
