using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>
/// Operators bind as in SQLite, loosest first: OR, AND, NOT, comparison, ||, + -, * / %, unary - +;
/// binary operators associate to the left.
/// </summary>
public sealed class PrecedenceTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "1 + 2 * 3", "(+ 1 (* 2 3))" },
        { "(1 + 2) * 3", "(* (+ 1 2) 3)" },
        { "1 - 2 - 3", "(- (- 1 2) 3)" },
        { "1 - (2 - 3)", "(- 1 (- 2 3))" },
        { "8 / 4 % 3 * 2", "(* (% (/ 8 4) 3) 2)" },
        { "a OR b AND c", "(OR a (AND b c))" },
        { "a AND b OR c AND d", "(OR (AND a b) (AND c d))" },
        { "a or b or c", "(OR (OR a b) c)" },
        { "NOT a AND b", "(AND (NOT a) b)" },
        { "NOT a = b", "(NOT (= a b))" },
        { "NOT NOT a", "(NOT (NOT a))" },
        { "a AND NOT b", "(AND a (NOT b))" },
        { "a = 1 OR NOT b < 2 AND c", "(OR (= a 1) (AND (NOT (< b 2)) c))" },
        { "a || b = c || d", "(= (|| a b) (|| c d))" },
        { "a + b || c * d", "(|| (+ a b) (* c d))" },
        { "-a * b", "(* (- a) b)" },
        { "- a + b", "(+ (- a) b)" },
        { "-2 * 3", "(* -2 3)" },
        { "- -5", "(- -5)" },
        { "-(5)", "(- 5)" },
        { "+a", "(+ a)" },
        { "1 - -1", "(- 1 -1)" },
        { "a = b = c", "(= (= a b) c)" },
        { "a < b == c", "(= (< a b) c)" },
        { "a <> b", "(<> a b)" },
        { "a != b", "(<> a b)" },
        { "a == b", "(= a b)" },
        { "a <= b AND a >= c AND a > d AND a < e", "(AND (AND (AND (<= a b) (>= a c)) (> a d)) (< a e))" },
        { "a * -b", "(* a (- b))" },
        { "2 * (3 + 4) / -(x)", "(/ (* 2 (+ 3 4)) (- x))" },
        { "a + b IS NULL", "(IS-NULL (+ a b))" },
        { "NOT a IN (1)", "(NOT (IN a (list 1)))" },
        { "a BETWEEN 1 AND 2 AND b", "(AND (BETWEEN a 1 2) b)" },
        { "a = 1 AND b NOT LIKE 'x' OR c IS NULL", "(OR (AND (= a 1) (NOT-LIKE b 'x')) (IS-NULL c))" },
        { "a || 'x' LIKE b || '%'", "(LIKE (|| a 'x') (|| b '%'))" },
        { "a IS NULL = FALSE", "(= (IS-NULL a) FALSE)" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Expression_groups_by_precedence(string sql, string expected) => Assert.Equal(expected, SqlAssert.Expression(sql));

    [Fact]
    public void Not_is_no_operand_of_a_comparison()
    {
        var error = Assert.Throws<SqlSyntaxException>(() => SqlAssert.Expression("a = NOT b"));
        Assert.Equal("an expression after '='", error.Expected);
        Assert.Equal("keyword NOT", error.Found);
    }
}
