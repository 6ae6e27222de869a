using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>Transaction control statements, and EXPLAIN around any other statement.</summary>
public sealed class TransactionAndExplainTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "BEGIN", "(begin)" },
        { "begin transaction", "(begin)" },
        { "COMMIT", "(commit)" },
        { "COMMIT TRANSACTION", "(commit)" },
        { "ROLLBACK", "(rollback)" },
        { "ROLLBACK TRANSACTION;", "(rollback)" },
        { "EXPLAIN SELECT * FROM People WHERE Age > 3", "(explain (select (*) (from People) (where (> Age 3))))" },
        { "explain DELETE FROM People", "(explain (delete People))" },
        { "EXPLAIN UPDATE t SET a = 1", "(explain (update t (set a 1)))" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Statement_parses_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);

    [Fact]
    public void Explain_does_not_nest()
    {
        var error = SqlAssert.Rejects("EXPLAIN EXPLAIN SELECT * FROM t");
        Assert.Equal("a statement other than EXPLAIN after EXPLAIN", error.Expected);
        Assert.Equal(9, error.Column);
    }

    [Fact]
    public void Explain_needs_a_statement()
    {
        var error = SqlAssert.Rejects("EXPLAIN");
        Assert.Equal("a statement after EXPLAIN", error.Expected);
        Assert.Equal("end of input", error.Found);
    }
}
