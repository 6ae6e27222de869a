using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>Numbers, strings, booleans, NULL and Extended JSON document literals.</summary>
public sealed class LiteralTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "42", "42" },
        { "-42", "-42" },
        { "0", "0" },
        { "9223372036854775807", "9223372036854775807" },
        { "-9223372036854775808", "-9223372036854775808" },
        { "1.5", "1.5" },
        { ".5", "0.5" },
        { "1.", "1.0" },
        { "1e3", "1000.0" },
        { "2.5E-3", "0.0025" },
        { "1.5e+2", "150.0" },
        { "-1.5", "-1.5" },
        { "'text'", "'text'" },
        { "'it''s'", "'it's'" },
        { "''", "''" },
        { "'two\nlines'", "'two\nlines'" },
        { "'-- not a comment /* nor this */'", "'-- not a comment /* nor this */'" },
        { "TRUE", "TRUE" },
        { "false", "FALSE" },
        { "NULL", "NULL" },
        { "{}", "{}" },
        { "{\"a\": 1}", "{\"a\": 1}" },
        { "{\"a\": {\"b\": [1, {\"c\": \"}]\"}]}, \"d\\\"}\": []}", "{\"a\": {\"b\": [1, {\"c\": \"}]\"}]}, \"d\\\"}\": []}" },
        { "{\"when\": {\"$date\": \"2024-01-01T00:00:00Z\"}} = x", "(= {\"when\": {\"$date\": \"2024-01-01T00:00:00Z\"}} x)" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Literal_parses_to_its_value(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Fact]
    public void Integers_are_longs_and_reals_are_doubles()
    {
        Assert.Equal(long.MinValue, Assert.IsType<IntegerLiteral>(SqlParser.ParseExpression("-9223372036854775808")).Value);
        Assert.Equal(0.1, Assert.IsType<RealLiteral>(SqlParser.ParseExpression("0.1")).Value);
        Assert.Equal(3.0, Assert.IsType<RealLiteral>(SqlParser.ParseExpression("3.0")).Value);
    }

    [Theory]
    [InlineData("9223372036854775808")]
    [InlineData("-9223372036854775809")]
    [InlineData("99999999999999999999999999")]
    public void An_integer_outside_the_range_of_a_long_is_an_error_not_a_rounded_double(string sql)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(sql));
        Assert.StartsWith("an integer between -9223372036854775808 and 9223372036854775807", error.Expected, StringComparison.Ordinal);
        Assert.Equal(1, error.Column);
    }

    [Fact]
    public void A_real_beyond_the_range_of_a_double_is_an_error()
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression("1e999"));
        Assert.Equal("a real number within the range of a double (about 1.8e308)", error.Expected);
    }

    [Fact]
    public void A_document_literal_keeps_its_raw_text_for_the_extended_json_parser()
    {
        const string json = "{ \"a\" : [ 1 , 2 ] ,\n \"b\" : { } }";
        var document = Assert.IsType<DocumentLiteral>(SqlParser.ParseExpression(json));
        Assert.Equal(json, document.Json);
    }
}
