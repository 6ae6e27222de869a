using DocStore.Sql.Ast;
using DocStore.Sql.Syntax;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>Named parameters in three styles, and positional ones numbered from 1 in order of appearance.</summary>
public sealed class ParameterTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "@name", "@name" },
        { "$name", "$name" },
        { ":name", ":name" },
        { "?", "?1" },
        { "@a_1 + $_b2 + :C3", "(+ (+ @a_1 $_b2) :C3)" },
        { "? + ? * ?", "(+ ?1 (* ?2 ?3))" },
        { "? = @x AND ? = :y", "(AND (= ?1 @x) (= ?2 :y))" },
        { "Age BETWEEN ? AND ?", "(BETWEEN Age ?1 ?2)" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Parameter_parses_with_its_style(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Theory]
    [InlineData("@city", nameof(ParameterStyle.At))]
    [InlineData("$city", nameof(ParameterStyle.Dollar))]
    [InlineData(":city", nameof(ParameterStyle.Colon))]
    public void A_named_parameter_keeps_its_name_without_the_sigil(string sql, string style)
    {
        var parameter = Assert.IsType<ParameterExpression>(SqlParser.ParseExpression(sql));
        Assert.Equal(style, parameter.Style.ToString());
        Assert.Equal("city", parameter.Name);
        Assert.Equal(0, parameter.Position);
    }

    [Fact]
    public void Positional_parameters_are_numbered_across_a_whole_script()
    {
        var script = SqlParser.ParseScript("SELECT * FROM t WHERE a = ?; UPDATE t SET b = ? WHERE c = ?");
        Assert.Equal("(select (*) (from t) (where (= a ?1)))", SExpression.Print(script[0]));
        Assert.Equal("(update t (set b ?2) (where (= c ?3)))", SExpression.Print(script[1]));
    }

    [Theory]
    [InlineData("@", "a parameter name after '@'", "end of input")]
    [InlineData("$ x", "a parameter name after '$'", "a space")]
    [InlineData(":-", "a parameter name after ':'", "character '-'")]
    public void A_sigil_without_a_name_is_an_error(string sql, string expected, string found)
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlParser.ParseExpression(sql));
        Assert.Equal(expected, error.Expected);
        Assert.Equal(found, error.Found);
        Assert.Equal(2, error.Column);
    }
}
