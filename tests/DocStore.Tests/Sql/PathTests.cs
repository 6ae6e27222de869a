using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>Paths are written as in [Index]: dotted members, [] for any element of an array.</summary>
public sealed class PathTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "Email", "Email" },
        { "Address.City", "Address.City" },
        { "Tags[]", "Tags[]" },
        { "Lines[].Sku", "Lines[].Sku" },
        { "o.CustomerId", "o.CustomerId" },
        { "o.Lines[].Parts[].No", "o.Lines[].Parts[].No" },
        { "Tags [ ]", "Tags[]" },
        { "\"Order\".Total", "\"Order\".Total" },
        { "a.Order.Desc.select", "a.Order.Desc.select" },
        { "\"first name\"", "\"first name\"" },
        { "\"say \"\"hi\"\"\"", "\"say \"hi\"\"" },
        { "_id", "_id" },
        { "Straße.Größe", "Straße.Größe" },
        { "Cafe\u0301", "Cafe\u0301" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Path_parses_to_its_segments(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Fact]
    public void Each_segment_records_its_name_its_any_element_flag_and_whether_it_was_quoted()
    {
        var path = Assert.IsType<PathExpression>(SqlParser.ParseExpression("o.Lines[].\"Sku\""));
        Assert.Equal(["o", "Lines", "Sku"], path.Segments.Select(s => s.Name.Text));
        Assert.Equal([false, true, false], path.Segments.Select(s => s.AnyElement));
        Assert.Equal([false, false, true], path.Segments.Select(s => s.Name.Quoted));
    }

    [Fact]
    public void Identifiers_keep_their_case_as_written()
    {
        var path = Assert.IsType<PathExpression>(SqlParser.ParseExpression("address.CITY"));
        Assert.Equal(["address", "CITY"], path.Segments.Select(s => s.Name.Text));
    }

    [Theory]
    [InlineData("Tags[0]", "']' after '[' (a path's [] means any element of an array)", "number 0")]
    [InlineData("a.", "a name after '.'", "end of input")]
    [InlineData("a.(b)", "a name after '.'", "'('")]
    [InlineData("\"\"", "a name between the quotes", "\"")]
    public void A_malformed_path_says_what_it_expected(string sql, string expected, string found)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(sql));
        Assert.Equal(expected, error.Expected);
        Assert.Equal(found, error.Found);
    }

    [Fact]
    public void A_keyword_starts_no_path_and_the_error_says_how_to_quote_it()
    {
        var error = SqlAssert.Rejects("UPDATE t SET Index = 1");
        Assert.Equal("a path after SET (INDEX is a keyword: write \"Index\" to use it as a name)", error.Expected);
    }
}
