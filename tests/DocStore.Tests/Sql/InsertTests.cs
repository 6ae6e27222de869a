using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>INSERT takes rows of values for a column list, or rows of one whole document each.</summary>
public sealed class InsertTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "INSERT INTO People (Name, Age) VALUES ('Ann', 31)", "(insert People (columns Name Age) (row 'Ann' 31))" },
        { "INSERT INTO t VALUES (1, 'a', NULL)", "(insert t (row 1 'a' NULL))" },
        { "INSERT INTO t (a) SELECT * FROM u", "(insert t (columns a) (select (*) (from u)))" },
        {
            "insert into People (Name, Address.City) values ('Ann', 'Oslo'), ('Bob', NULL)",
            "(insert People (columns Name Address.City) (row 'Ann' 'Oslo') (row 'Bob' NULL))"
        },
        { "INSERT INTO People (Tags) VALUES (@tags)", "(insert People (columns Tags) (row @tags))" },
        { "INSERT INTO People VALUES (@doc)", "(insert People (row @doc))" },
        { "INSERT INTO People VALUES (@a), ($b), (?)", "(insert People (row @a) (row $b) (row ?1))" },
        {
            "INSERT INTO People VALUES ({\"Name\": \"Ann\", \"Tags\": [\"a\", \"b\"]})",
            "(insert People (row {\"Name\": \"Ann\", \"Tags\": [\"a\", \"b\"]}))"
        },
        {
            "INSERT INTO People VALUES ({\"_id\": {\"$oid\": \"5f1d7f3e9c1a4b2d8e6f0a1b\"}}), ({})",
            "(insert People (row {\"_id\": {\"$oid\": \"5f1d7f3e9c1a4b2d8e6f0a1b\"}}) (row {}))"
        },
        { "INSERT INTO \"Order\" (Total) VALUES (1.5 * 2)", "(insert \"Order\" (columns Total) (row (* 1.5 2)))" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Insert_parses_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);

    [Fact]
    public void A_row_with_fewer_values_than_columns_is_rejected_at_its_closing_parenthesis()
    {
        var error = SqlAssert.Rejects("INSERT INTO t (a, b) VALUES (1, 2), (3)");
        Assert.Equal(39, error.Column);
        Assert.Equal("',' and 1 more value (the column list has 2 paths)", error.Expected);
        Assert.Equal("')'", error.Found);
    }

    [Fact]
    public void A_row_with_more_values_than_columns_is_rejected_at_the_extra_comma()
    {
        var error = SqlAssert.Rejects("INSERT INTO t (a) VALUES (1, 2)");
        Assert.Equal(28, error.Column);
        Assert.Equal("')' after the 1 value of the column list", error.Expected);
    }

    [Fact]
    public void Without_a_column_list_a_row_of_values_parses_for_the_binder_to_count()
    {
        // A table's declared columns decide how many values a row takes, so the count is checked when bound.
        var statement = (InsertStatement)SqlParser.ParseStatement("INSERT INTO t VALUES (@a, @b)");
        Assert.Equal(2, statement.Rows[0].Values.Length);
    }
}
