using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql;

/// <summary>SELECT parses every clause into the query tree, in the grammar's order.</summary>
public sealed class SelectTests
{
    public static TheoryData<string, string> Cases => new()
    {
        { "SELECT * FROM People", "(select (*) (from People))" },
        { "select * from People", "(select (*) (from People))" },
        { "SeLeCt DISTINCT City FROM People", "(select-distinct (City) (from People))" },
        { "SELECT Name AS n, Age a FROM People p", "(select ((as Name n) (as Age a)) (from People p))" },
        { "SELECT p.* FROM People AS p", "(select (p.*) (from People p))" },
        { "SELECT *, Name FROM People", "(select (* Name) (from People))" },
        { "SELECT \"p\".* FROM People \"p\"", "(select (\"p\".*) (from People \"p\"))" },
        { "SELECT x AS \"select\", y AS Desc FROM t", "(select ((as x \"select\") (as y Desc)) (from t))" },
        { "SELECT \"Order\".Total FROM \"Order\"", "(select (\"Order\".Total) (from \"Order\"))" },
        {
            "SELECT o.*, c.Name FROM Orders o JOIN Customers c ON o.CustomerId = c.Id",
            "(select (o.* c.Name) (from Orders o) (join Customers c (= o.CustomerId c.Id)))"
        },
        {
            "SELECT * FROM Orders o INNER JOIN Customers AS c ON o.CustomerId = c.Id LEFT JOIN Notes n ON n.OrderId = o.Id",
            "(select (*) (from Orders o) (join Customers c (= o.CustomerId c.Id)) (left-join Notes n (= n.OrderId o.Id)))"
        },
        {
            "SELECT * FROM a LEFT OUTER JOIN b ON a.x = b.y AND b.z > 1",
            "(select (*) (from a) (left-join b (AND (= a.x b.y) (> b.z 1))))"
        },
        {
            "SELECT City, COUNT(*) AS n FROM People WHERE Age >= 18 GROUP BY City HAVING COUNT(*) > 1 ORDER BY n DESC, City LIMIT 10 OFFSET 20",
            "(select (City (as (call COUNT *) n)) (from People) (where (>= Age 18)) (group-by City) (having (> (call COUNT *) 1)) (order-by (desc n) (asc City)) (limit 10) (offset 20))"
        },
        { "SELECT Name FROM People ORDER BY Age ASC, Name", "(select (Name) (from People) (order-by (asc Age) (asc Name)))" },
        { "SELECT a, b FROM t GROUP BY a, b", "(select (a b) (from t) (group-by a b))" },
        { "SELECT * FROM People LIMIT @n", "(select (*) (from People) (limit @n))" },
        { "SELECT * FROM People LIMIT ? OFFSET ?", "(select (*) (from People) (limit ?1) (offset ?2))" },
        { "SELECT Age + 1 next, -Age FROM People", "(select ((as (+ Age 1) next) (- Age)) (from People))" },
        { "SELECT NOT Active FROM People", "(select ((NOT Active)) (from People))" },
        { "SELECT * FROM People;", "(select (*) (from People))" },
        {
            "SELECT Name\nFROM People\nWHERE Address.City = 'Oslo'\n  AND Tags[] = 'vip'\n",
            "(select (Name) (from People) (where (AND (= Address.City 'Oslo') (= Tags[] 'vip'))))"
        },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Select_parses_to_the_expected_tree(string sql, string expected) => SqlAssert.Parses(sql, expected);

    [Fact]
    public void A_keyword_is_no_bare_alias_so_clauses_follow_a_source()
    {
        SqlAssert.Parses("SELECT * FROM t WHERE a", "(select (*) (from t) (where a))");
        SqlAssert.Parses("SELECT * FROM t JOIN u ON t.a = u.a", "(select (*) (from t) (join u (= t.a u.a)))");
    }
}
