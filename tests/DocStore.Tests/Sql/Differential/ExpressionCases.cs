namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// Differential cases for expressions and functions: constant expressions run as <c>SELECT expr</c> (the
/// same text in both dialects), and queries over the generated documents with CASE, CAST, IS, EXISTS,
/// correlated subqueries, GLOB, COLLATE NOCASE and the aggregates. <c>typeof</c> makes integer versus real
/// results visible, which the row comparison (numbers by value) would not.
/// </summary>
public static class ExpressionCases
{
    private const string A = "json_extract(t.doc, '$.a')";
    private const string B = "json_extract(t.doc, '$.b')";
    private const string G = "json_extract(t.doc, '$.g')";
    private const string Id = "json_extract(t.doc, '$._id')";
    private const string Ref = "json_extract(t.doc, '$.ref')";
    private const string D = "json_extract(t.doc, '$.c.d')";
    private const string E = "json_extract(t.doc, '$.c.e')";
    private const string UId = "json_extract(u.doc, '$._id')";
    private const string UK = "json_extract(u.doc, '$.k')";
    private const string UW = "json_extract(u.doc, '$.w')";

    /// <summary>Expressions written alike in both dialects, each run as <c>SELECT expr</c> and with its <c>typeof</c>.</summary>
    public static readonly string[] Constants =
    [
        "3", "1 + 2", "+'abc'", "+5", "- -3", "NULL",
        "CASE WHEN 1 THEN 'a' ELSE 'b' END", "CASE WHEN 0 THEN 'a' END", "CASE WHEN NULL THEN 1 ELSE 2 END",
        "CASE 3 WHEN 1 THEN 'one' WHEN 3 THEN 'three' ELSE 'other' END", "CASE NULL WHEN NULL THEN 'null' ELSE 'no' END",
        "CASE 2 WHEN 2.0 THEN 'same' END", "CASE '2' WHEN 2 THEN 'same' ELSE 'differs' END",
        "CAST(3.7 AS INTEGER)", "CAST(-3.7 AS INT)", "CAST('12abc' AS INTEGER)", "CAST('  42  ' AS BIGINT)", "CAST('abc' AS INTEGER)",
        "CAST('-0012' AS INTEGER)", "CAST('1e3' AS INTEGER)", "CAST(1e30 AS INTEGER)", "CAST(-1e30 AS INTEGER)",
        "CAST('99999999999999999999' AS INTEGER)", "CAST(NULL AS INTEGER)",
        "CAST(3 AS REAL)", "CAST('2.5xyz' AS DOUBLE)", "CAST('.5' AS FLOAT)", "CAST('1e3' AS REAL)", "CAST('e3' AS REAL)", "CAST('abc' AS REAL)",
        "CAST(12 AS TEXT)", "CAST(2.5 AS VARCHAR(10))", "CAST(1.0 AS TEXT)", "CAST(1e20 AS TEXT)", "CAST(0.00001 AS CLOB)", "CAST(123456789012345678 AS REAL)",
        "CAST(100.0 AS TEXT)", "CAST(1e15 AS TEXT)", "CAST(1e16 AS TEXT)", "CAST(1e17 AS TEXT)", "CAST(1e14 AS TEXT)", "quote(0.1 + 0.2)", "quote(1e100)", "CAST(-2.5e-7 AS TEXT)", "CAST(0.1 + 0.2 AS TEXT)",
        "CAST('3.0' AS NUMERIC)", "CAST('3.5' AS NUMERIC)", "CAST('12abc' AS NUMERIC)", "CAST('abc' AS DECIMAL(10, 2))", "CAST(4.0 AS NUMERIC)",
        "CAST('1e3' AS NUMERIC)", "CAST(1e20 AS NUMERIC)", "CAST('9223372036854775808' AS NUMERIC)", "CAST(' 7 ' AS BOOLEAN)",
        "hex(CAST('ab' AS BLOB))", "typeof(CAST(5 AS BLOB))", "typeof(CAST(5 AS NONE))",
        "NULLIF(1, 1)", "NULLIF(1, 2)", "NULLIF(NULL, 1)", "NULLIF('a', 'a')", "NULLIF(2, 2.0)",
        "iif(1, 'yes', 'no')", "iif(0, 'yes', 'no')", "iif(NULL, 'yes', 'no')",
        "1 IS 1", "1 IS NOT 1", "NULL IS NULL", "NULL IS NOT NULL", "1 IS NULL", "NULL IS 1", "2 IS 2.0", "'a' IS 'a'", "'1' IS 1",
        "abs(-5)", "abs(-2.5)", "abs(NULL)", "abs('-3')", "abs('x')",
        "coalesce(NULL, NULL, 3)", "coalesce(NULL, NULL)", "ifnull(NULL, 'x')", "ifnull(2, 'x')",
        "instr('hello', 'l')", "instr('hello', 'z')", "instr('hello', '')", "instr(NULL, 'a')", "instr('héllo', 'l')", "instr(12345, 34)",
        "length('héllo')", "length(NULL)", "length(123)", "length(12.5)",
        "lower('AbC')", "upper('aBc')", "lower(NULL)",
        "ltrim('  ab  ')", "rtrim('  ab  ')", "trim('  ab  ')", "trim('xxabxx', 'x')", "ltrim('abcba', 'ab')", "rtrim('abcba', 'ab')",
        "trim(NULL)", "trim('ab', NULL)", "trim(' \t ab')", "trim(1200, '0')",
        "replace('hello', 'l', 'L')", "replace('hello', '', 'x')", "replace('hello', 'l', NULL)", "replace(NULL, 'a', 'b')", "replace(1234, 23, 'x')",
        "round(2.5)", "round(-2.5)", "round(2.345, 2)", "round(5)", "round(NULL)", "round(2.5, NULL)", "round('3.7')", "round(1234.5678, -1)",
        "substr('hello', 2)", "substr('hello', 2, 3)", "substr('hello', -3)", "substr('hello', 0, 2)", "substr('hello', -3, -2)", "substring('hello', 2, 2)",
        "substr(NULL, 1)", "substr('hello', NULL)",
        "typeof(1)", "typeof(1.5)", "typeof('a')", "typeof(NULL)", "typeof(1 + 1.0)", "typeof(10 / 4)",
        "min(3, 1, 2)", "max(3, 1, 2)", "min(1, NULL, 2)", "max('a', 'b')", "max(1, 'a')", "min(2, 2.5)",
        "typeof(random())",
        "hex('abc')", "hex(NULL)", "hex(12)", "hex('é')",
        "quote('it''s')", "quote(NULL)", "quote(12)", "quote(2.5)", "quote(0.1)",
        "printf('%d apples', 3)", "printf('%5d|%-5d|%05d', 42, 42, 42)", "printf('%.2f', 3.14159)", "printf('%s and %s', 'a', NULL)",
        "printf('%x %X %o', 255, 255, 8)", "printf('%e', 12345.678)", "printf('%g', 0.0001)", "printf('%g', 1234567.0)", "printf('%g', 100000.0)",
        "printf('%%')", "printf('%q', 'it''s')", "printf('%Q', 'x')", "printf('%Q', NULL)", "printf('%c', 'hello')", "printf('%.3s', 'abcdef')",
        "printf('%+d % d', 5, 5)", "printf('%d', '12abc')", "printf('%d')", "printf(NULL)", "format('%s-%s', 1, 2.5)", "printf('%10.3f|', -3.14159)",
        "printf('%*d', 6, 42)", "printf('%.10g', 1.0 / 3)", "printf('%#x', 255)",
        "sign(-3)", "sign(0)", "sign(2.5)", "sign(NULL)", "sign('abc')", "sign('-2')",
        "char(72, 105)", "char()", "unicode('A')", "unicode('')", "unicode(NULL)", "unicode('é')",
        "likely(5)", "unlikely('a')", "likelihood(3, 0.5)",
        "'abc' GLOB 'a*'", "'abc' GLOB 'A*'", "'abc' GLOB '?b?'", "'abc' GLOB '[a-c]bc'", "'abc' GLOB '[^a]bc'", "'abc' NOT GLOB 'a*'", "NULL GLOB 'a'",
        "'a]' GLOB '[]]'", "'x' GLOB '[]x]'", "'abcabc' GLOB '*c*c'",
"upper('a' COLLATE NOCASE) = 'a'", "('a' COLLATE NOCASE || 'b') = 'AB'", "'B' IN ('a', 'b' COLLATE NOCASE)", "'B' IN ('b' COLLATE NOCASE)", "'B' COLLATE NOCASE IN ('a', 'b')",
        "'b' COLLATE NOCASE BETWEEN 'A' AND 'C'", "'b' BETWEEN 'A' COLLATE NOCASE AND 'c'", "'B' IN (SELECT 'b' COLLATE NOCASE)",
        "'abc' = 'ABC' COLLATE NOCASE", "'abc' COLLATE NOCASE = 'ABC'", "'abc' COLLATE BINARY = 'ABC'", "'a' < 'B' COLLATE NOCASE",
        "EXISTS (SELECT 1)", "EXISTS (SELECT 1 WHERE 0)", "NOT EXISTS (SELECT 1 WHERE 0)",
        "(SELECT 5)", "(SELECT 1 WHERE 0)", "3 IN (SELECT 3)",
        "1.0", "1e20", "0.1 + 0.2", "10 / 4.0", "1 || 2.0",
    ];

    /// <summary>Every constant expression as a case, with its type beside it.</summary>
    public static TheoryData<string, string, bool> ConstantCases()
    {
        var data = new TheoryData<string, string, bool>();
        foreach (var expression in Constants)
        {
            var query = expression.StartsWith("typeof(random", StringComparison.Ordinal)
                ? $"SELECT {expression}"
                : $"SELECT {expression}, typeof({expression})";
            data.Add(query, query, true);
        }

        return data;
    }

    /// <summary>Queries over the generated documents.</summary>
    public static TheoryData<string, string, bool> All => new()
    {
        { "SELECT 1 + 2 WHERE 1", "SELECT 1 + 2 WHERE 1", true },
        { "SELECT 'x' WHERE 0", "SELECT 'x' WHERE 0", true },
        { "SELECT ALL 3", "SELECT ALL 3", true },
        { "SELECT count(*)", "SELECT count(*)", true },
        { "SELECT count(*) WHERE 0", "SELECT count(*) WHERE 0", true },
        { "SELECT t._id, CASE WHEN t.a > 5 THEN 'big' WHEN t.a > 0 THEN 'small' ELSE 'other' END FROM T t", $"SELECT {Id}, CASE WHEN {A} > 5 THEN 'big' WHEN {A} > 0 THEN 'small' ELSE 'other' END FROM T t", false },
        { "SELECT t._id, CASE t.g WHEN 1 THEN 'one' WHEN 2 THEN 'two' END FROM T t", $"SELECT {Id}, CASE {G} WHEN 1 THEN 'one' WHEN 2 THEN 'two' END FROM T t", false },
        { "SELECT t._id, CASE t.b WHEN 'x' THEN 1 ELSE 0 END FROM T t", $"SELECT {Id}, CASE {B} WHEN 'x' THEN 1 ELSE 0 END FROM T t", false },
        { "SELECT CASE WHEN t.a IS NULL THEN 'none' ELSE 'some' END, count(*) FROM T t GROUP BY CASE WHEN t.a IS NULL THEN 'none' ELSE 'some' END", $"SELECT CASE WHEN {A} IS NULL THEN 'none' ELSE 'some' END, count(*) FROM T t GROUP BY CASE WHEN {A} IS NULL THEN 'none' ELSE 'some' END", false },
        { "SELECT sum(CASE WHEN t.b = 'x' THEN 1 ELSE 0 END) FROM T t", $"SELECT sum(CASE WHEN {B} = 'x' THEN 1 ELSE 0 END) FROM T t", true },
        { "SELECT t._id FROM T t WHERE CASE WHEN t.g = 1 THEN t.a > 3 ELSE t.a < 0 END", $"SELECT {Id} FROM T t WHERE CASE WHEN {G} = 1 THEN {A} > 3 ELSE {A} < 0 END", false },
        { "SELECT t._id, CAST(t.a AS INTEGER), CAST(t.a AS TEXT), CAST(t.b AS INTEGER), typeof(CAST(t.a AS NUMERIC)) FROM T t", $"SELECT {Id}, CAST({A} AS INTEGER), CAST({A} AS TEXT), CAST({B} AS INTEGER), typeof(CAST({A} AS NUMERIC)) FROM T t", false },
        { "SELECT t._id, CAST(t.a AS REAL), typeof(CAST(t.g AS REAL)), CAST(t.a || '' AS NUMERIC) FROM T t", $"SELECT {Id}, CAST({A} AS REAL), typeof(CAST({G} AS REAL)), CAST({A} || '' AS NUMERIC) FROM T t", false },
        { "SELECT t._id FROM T t WHERE t.a IS t.g", $"SELECT {Id} FROM T t WHERE {A} IS {G}", false },
        { "SELECT t._id FROM T t WHERE t.a IS NOT t.g", $"SELECT {Id} FROM T t WHERE {A} IS NOT {G}", false },
        { "SELECT t._id, t.b IS 'x', t.b IS NOT NULL FROM T t", $"SELECT {Id}, {B} IS 'x', {B} IS NOT NULL FROM T t", false },
        { "SELECT t._id, NULLIF(t.g, 0), iif(t.a > 3, 'hi', 'lo'), coalesce(t.a, t.g, -1) FROM T t", $"SELECT {Id}, NULLIF({G}, 0), iif({A} > 3, 'hi', 'lo'), coalesce({A}, {G}, -1) FROM T t", false },
        { "SELECT t._id, typeof(t.a), typeof(t.c), abs(t.a), sign(t.a), round(t.a), typeof(round(t.a)) FROM T t", $"SELECT {Id}, typeof({A}), typeof(json_extract(t.doc, '$.c')), abs({A}), sign({A}), round({A}), typeof(round({A})) FROM T t", false },
        { "SELECT t._id, min(t.a, t.g), max(t.a, t.g, 3) FROM T t", $"SELECT {Id}, min({A}, {G}), max({A}, {G}, 3) FROM T t", false },
        { "SELECT t._id, instr(t.b, 'b'), replace(t.b, 'a', 'A'), upper(t.b), trim(t.b, 'ax'), length(t.a), hex(t.b), quote(t.a), quote(t.b) FROM T t", $"SELECT {Id}, instr({B}, 'b'), replace({B}, 'a', 'A'), upper({B}), trim({B}, 'ax'), length({A}), hex({B}), quote({A}), quote({B}) FROM T t", false },
        { "SELECT t._id, printf('%s:%d:%.1f', t.b, t.g, t.a), unicode(t.b) FROM T t", $"SELECT {Id}, printf('%s:%d:%.1f', {B}, {G}, {A}), unicode({B}) FROM T t", false },
        { "SELECT t._id FROM T t WHERE t.b GLOB '*b*'", $"SELECT {Id} FROM T t WHERE {B} GLOB '*b*'", false },
        { "SELECT t._id FROM T t WHERE t.b NOT GLOB '[a-b]*'", $"SELECT {Id} FROM T t WHERE {B} NOT GLOB '[a-b]*'", false },
        { "SELECT t._id FROM T t WHERE t.b = 'ab' COLLATE NOCASE", $"SELECT {Id} FROM T t WHERE {B} = 'ab' COLLATE NOCASE", false },
        { "SELECT t._id FROM T t WHERE t.b COLLATE NOCASE > 'b'", $"SELECT {Id} FROM T t WHERE {B} COLLATE NOCASE > 'b'", false },
        { "SELECT t._id FROM T t WHERE EXISTS (SELECT 1 FROM U u WHERE u._id = t.ref)", $"SELECT {Id} FROM T t WHERE EXISTS (SELECT 1 FROM U u WHERE {UId} = {Ref})", false },
        { "SELECT t._id FROM T t WHERE NOT EXISTS (SELECT 1 FROM U u WHERE u._id = t.ref)", $"SELECT {Id} FROM T t WHERE NOT EXISTS (SELECT 1 FROM U u WHERE {UId} = {Ref})", false },
        { "SELECT t._id FROM T t WHERE EXISTS (SELECT u._id FROM U u WHERE u.k = 3)", $"SELECT {Id} FROM T t WHERE EXISTS (SELECT {UId} FROM U u WHERE {UK} = 3)", false },
        { "SELECT t._id, (SELECT u.w FROM U u WHERE u._id = t.ref) FROM T t", $"SELECT {Id}, (SELECT {UW} FROM U u WHERE {UId} = {Ref}) FROM T t", false },
        { "SELECT t._id, (SELECT count(*) FROM U u WHERE u.k = t.g) FROM T t", $"SELECT {Id}, (SELECT count(*) FROM U u WHERE {UK} = {G}) FROM T t", false },
        { "SELECT t._id FROM T t WHERE t.a > (SELECT avg(x.a) FROM T x WHERE x.g = t.g)", $"SELECT {Id} FROM T t WHERE {A} > (SELECT avg(json_extract(x.doc, '$.a')) FROM T x WHERE json_extract(x.doc, '$.g') = {G})", false },
        { "SELECT t._id FROM T t WHERE t.g IN (SELECT u.k FROM U u WHERE u.w = t.b)", $"SELECT {Id} FROM T t WHERE {G} IN (SELECT {UK} FROM U u WHERE {UW} = {B})", false },
        { "SELECT t._id FROM T t WHERE t.g NOT IN (SELECT u.k FROM U u WHERE u._id = t.ref)", $"SELECT {Id} FROM T t WHERE {G} NOT IN (SELECT {UK} FROM U u WHERE {UId} = {Ref})", false },
        { "SELECT u._id FROM U u WHERE EXISTS (SELECT 1 FROM T t WHERE t.ref = u._id AND EXISTS (SELECT 1 FROM U v WHERE v.k = t.g AND v.w = u.w))", $"SELECT {UId} FROM U u WHERE EXISTS (SELECT 1 FROM T t WHERE {Ref} = {UId} AND EXISTS (SELECT 1 FROM U v WHERE json_extract(v.doc, '$.k') = {G} AND json_extract(v.doc, '$.w') = {UW}))", false },
        { "SELECT t.g, (SELECT max(u.k) FROM U u WHERE u.k <= t.g) FROM T t GROUP BY t.g", $"SELECT {G}, (SELECT max({UK}) FROM U u WHERE {UK} <= {G}) FROM T t GROUP BY {G}", false },
        { "SELECT t.g, total(t.a), count(ALL t.a), count(DISTINCT t.b) FROM T t GROUP BY t.g", $"SELECT {G}, total({A}), count(ALL {A}), count(DISTINCT {B}) FROM T t GROUP BY {G}", false },
        { "SELECT total(t.a) FROM T t WHERE 0", "SELECT total(json_extract(t.doc, '$.a')) FROM T t WHERE 0", true },
        { "SELECT t.g, group_concat(t.b) FROM T t WHERE t.c.d > 6 GROUP BY t.g", $"SELECT {G}, group_concat({B}) FROM T t WHERE {D} > 6 GROUP BY {G}", false },
        { "SELECT t.g, group_concat(t.b, '; '), string_agg(t.c.e, '/') FROM T t WHERE t.c.d < 3 GROUP BY t.g", $"SELECT {G}, group_concat({B}, '; '), string_agg({E}, '/') FROM T t WHERE {D} < 3 GROUP BY {G}", false },
        { "SELECT group_concat(t.b) FROM T t WHERE 0", "SELECT group_concat(json_extract(t.doc, '$.b')) FROM T t WHERE 0", true },
        { "SELECT t.b, t._id FROM T t WHERE t._id < 40 ORDER BY t.b COLLATE NOCASE, t._id", $"SELECT {B}, {Id} FROM T t WHERE {Id} < 40 ORDER BY {B} COLLATE NOCASE, {Id}", true },
        { "SELECT ALL t.b FROM T t", $"SELECT ALL {B} FROM T t", false },
        { "SELECT t._id, +t.a, +t.b FROM T t", $"SELECT {Id}, +{A}, +{B} FROM T t", false },
    };
}
