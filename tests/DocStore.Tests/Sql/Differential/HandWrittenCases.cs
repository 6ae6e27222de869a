namespace DocStore.Tests.Sql.Differential;

/// <summary>Hand-written differential cases: each DocStore query with its SQLite translation, for the corners generated queries reach rarely.</summary>
public static class HandWrittenCases
{
    private const string A = "json_extract(t.doc, '$.a')";
    private const string B = "json_extract(t.doc, '$.b')";
    private const string G = "json_extract(t.doc, '$.g')";
    private const string Id = "json_extract(t.doc, '$._id')";

    private const string Ref = "json_extract(t.doc, '$.ref')";
    private const string UId = "json_extract(u.doc, '$._id')";
    private const string UK = "json_extract(u.doc, '$.k')";
    private const string VK = "json_extract(v.doc, '$.k')";

    public static TheoryData<string, string, bool> All => new()
    {
        { "SELECT t._id, u.name FROM T t, U u WHERE u._id = t.ref AND t.a > 5", $"SELECT {Id}, json_extract(u.doc, '$.name') FROM T t, U u WHERE {UId} = {Ref} AND {A} > 5", false },
        { "SELECT t._id, u._id FROM U u, T t WHERE t.g = u.k AND u.w = 'x'", $"SELECT {Id}, {UId} FROM U u, T t WHERE {G} = {UK} AND json_extract(u.doc, '$.w') = 'x'", false },
        {
            "SELECT t._id, u._id, v._id, s._id FROM T t, U u, U v, T s WHERE u._id = t.ref AND v.k = u.k AND s._id = v._id AND t.a < 3",
            $"SELECT {Id}, {UId}, json_extract(v.doc, '$._id'), json_extract(s.doc, '$._id') FROM T t, U u, U v, T s WHERE {UId} = {Ref} AND {VK} = {UK} AND json_extract(s.doc, '$._id') = json_extract(v.doc, '$._id') AND {A} < 3",
            false
        },
        { "SELECT COUNT(*) FROM T t CROSS JOIN U u WHERE u.k = t.g", $"SELECT COUNT(*) FROM T t CROSS JOIN U u WHERE {UK} = {G}", true },
        { "SELECT t._id, u._id FROM T t LEFT JOIN U u ON u._id = t.ref, U v WHERE v._id = t.g AND u.k IS NULL", $"SELECT {Id}, {UId} FROM T t LEFT JOIN U u ON {UId} = {Ref}, U v WHERE json_extract(v.doc, '$._id') = {G} AND {UK} IS NULL", false },
        { "SELECT t.g FROM T t UNION SELECT u.k FROM U u ORDER BY 1", $"SELECT {G} FROM T t UNION SELECT {UK} FROM U u ORDER BY 1", true },
        { "SELECT t.g FROM T t UNION ALL SELECT u.k FROM U u ORDER BY 1 DESC LIMIT 7 OFFSET 3", $"SELECT {G} FROM T t UNION ALL SELECT {UK} FROM U u ORDER BY 1 DESC LIMIT 7 OFFSET 3", true },
        { "SELECT t.a FROM T t EXCEPT SELECT u.k FROM U u", $"SELECT {A} FROM T t EXCEPT SELECT {UK} FROM U u", false },
        { "SELECT t.a AS x FROM T t INTERSECT SELECT u._id FROM U u ORDER BY x LIMIT 5", $"SELECT {A} AS x FROM T t INTERSECT SELECT {UId} FROM U u ORDER BY x LIMIT 5", true },
        { "SELECT t.b FROM T t UNION SELECT u.w FROM U u EXCEPT SELECT t.c.e FROM T t ORDER BY 1", $"SELECT {B} FROM T t UNION SELECT json_extract(u.doc, '$.w') FROM U u EXCEPT SELECT json_extract(t.doc, '$.c.e') FROM T t ORDER BY 1", true },
        { "SELECT s.g, s.n FROM (SELECT t.g AS g, COUNT(*) AS n FROM T t GROUP BY t.g) s WHERE s.n > 50", $"SELECT s.g, s.n FROM (SELECT {G} AS g, COUNT(*) AS n FROM T t GROUP BY {G}) s WHERE s.n > 50", false },
        {
            "SELECT t._id, s.k FROM T t, (SELECT u.k, u._id FROM U u WHERE u.k > 2) s WHERE s._id = t.ref AND t.a < 8",
            $"SELECT {Id}, s.k FROM T t, (SELECT {UK} AS k, {UId} AS _id FROM U u WHERE {UK} > 2) s WHERE s._id = {Ref} AND {A} < 8",
            false
        },
        { "SELECT x.v FROM (SELECT t.g AS v FROM T t UNION SELECT u.k FROM U u) x ORDER BY x.v DESC LIMIT 4", $"SELECT x.v FROM (SELECT {G} AS v FROM T t UNION SELECT {UK} FROM U u) x ORDER BY x.v DESC LIMIT 4", true },
        { "SELECT t._id FROM T t WHERE t.g IN (SELECT u.k FROM U u UNION SELECT 9 FROM U u)", $"SELECT {Id} FROM T t WHERE {G} IN (SELECT {UK} FROM U u UNION SELECT 9 FROM U u)", false },

        { "SELECT t._id FROM T t WHERE t.a = 3", $"SELECT {Id} FROM T t WHERE {A} = 3", false },
        { "SELECT t._id FROM T t WHERE t.a = 3.0", $"SELECT {Id} FROM T t WHERE {A} = 3.0", false },
        { "SELECT t._id FROM T t WHERE t.a = 2.5", $"SELECT {Id} FROM T t WHERE {A} = 2.5", false },
        { "SELECT t._id FROM T t WHERE t.a > 10.5", $"SELECT {Id} FROM T t WHERE {A} > 10.5", false },
        { "SELECT t._id FROM T t WHERE t.a < 0", $"SELECT {Id} FROM T t WHERE {A} < 0", false },
        { "SELECT t._id FROM T t WHERE t.a > 'x'", $"SELECT {Id} FROM T t WHERE {A} > 'x'", false },
        { "SELECT t._id FROM T t WHERE t.b < 'b'", $"SELECT {Id} FROM T t WHERE {B} < 'b'", false },
        { "SELECT t._id FROM T t WHERE t.b > 5", $"SELECT {Id} FROM T t WHERE {B} > 5", false },
        { "SELECT t._id FROM T t WHERE t.b BETWEEN 'a' AND 'b'", $"SELECT {Id} FROM T t WHERE {B} BETWEEN 'a' AND 'b'", false },
        { "SELECT t._id FROM T t WHERE t.b LIKE 'a%'", $"SELECT {Id} FROM T t WHERE {B} LIKE 'a%'", false },
        { "SELECT t._id FROM T t WHERE t.b LIKE 'A%'", $"SELECT {Id} FROM T t WHERE {B} LIKE 'A%'", false },
        { "SELECT t._id FROM T t WHERE t.g = 2 AND t.a > 3", $"SELECT {Id} FROM T t WHERE {G} = 2 AND {A} > 3", false },
        { "SELECT t._id FROM T t WHERE t.g IN (1, 3) ORDER BY t.a, t._id LIMIT 7", $"SELECT {Id} FROM T t WHERE {G} IN (1, 3) ORDER BY {A}, {Id} LIMIT 7", true },
        { "SELECT t.a FROM T t ORDER BY t.a LIMIT 20", $"SELECT {A} FROM T t ORDER BY {A} LIMIT 20", true },
        { "SELECT t.a FROM T t ORDER BY t.a DESC LIMIT 20 OFFSET 5", $"SELECT {A} FROM T t ORDER BY {A} DESC LIMIT 20 OFFSET 5", true },
        { "SELECT t.a FROM T t WHERE t.a > 5 ORDER BY t.a DESC LIMIT 10", $"SELECT {A} FROM T t WHERE {A} > 5 ORDER BY {A} DESC LIMIT 10", true },
        { "SELECT t._id FROM T t ORDER BY t._id DESC LIMIT 5", $"SELECT {Id} FROM T t ORDER BY {Id} DESC LIMIT 5", true },
        { "SELECT COUNT(*) FROM T t", "SELECT COUNT(*) FROM T t", true },
        { "SELECT COUNT(*) FROM T t WHERE t.a = 4", $"SELECT COUNT(*) FROM T t WHERE {A} = 4", true },
        { "SELECT COUNT(*) FROM T t WHERE t.tags[] = 'x'", "SELECT COUNT(*) FROM T t WHERE EXISTS (SELECT 1 FROM json_each(t.doc, '$.tags') WHERE value = 'x')", true },
        { "SELECT t.g, COUNT(*), SUM(t.a), AVG(t.a), MIN(t.a), MAX(t.b) FROM T t GROUP BY t.g", $"SELECT {G}, COUNT(*), SUM({A}), AVG({A}), MIN({A}), MAX({B}) FROM T t GROUP BY {G}", false },
        { "SELECT t.a, COUNT(*) FROM T t GROUP BY t.a", $"SELECT {A}, COUNT(*) FROM T t GROUP BY {A}", false },
        { "SELECT DISTINCT t.b FROM T t", $"SELECT DISTINCT {B} FROM T t", false },
        { "SELECT t._id, u.name FROM T t JOIN U u ON u._id = t.ref WHERE u.k > 3", $"SELECT {Id}, json_extract(u.doc, '$.name') FROM T t JOIN U u ON json_extract(u.doc, '$._id') = json_extract(t.doc, '$.ref') WHERE json_extract(u.doc, '$.k') > 3", false },
        { "SELECT t._id, u._id FROM T t LEFT JOIN U u ON u.k = t.a WHERE u._id IS NULL", $"SELECT {Id}, json_extract(u.doc, '$._id') FROM T t LEFT JOIN U u ON json_extract(u.doc, '$.k') = {A} WHERE json_extract(u.doc, '$._id') IS NULL", false },
        { "SELECT u.name, COUNT(t._id) FROM U u LEFT JOIN T t ON t.ref = u._id GROUP BY u.name", $"SELECT json_extract(u.doc, '$.name'), COUNT({Id}) FROM U u LEFT JOIN T t ON json_extract(t.doc, '$.ref') = json_extract(u.doc, '$._id') GROUP BY json_extract(u.doc, '$.name')", false },
        { "SELECT t._id FROM T t WHERE t.a IN (SELECT u.k FROM U u)", $"SELECT {Id} FROM T t WHERE {A} IN (SELECT json_extract(u.doc, '$.k') FROM U u)", false },
        { "SELECT t._id FROM T t WHERE t.ref NOT IN (SELECT u._id FROM U u)", $"SELECT {Id} FROM T t WHERE json_extract(t.doc, '$.ref') NOT IN (SELECT json_extract(u.doc, '$._id') FROM U u)", false },
        { "SELECT t._id FROM T t WHERE t.lines[].sku = 'S1' AND t.lines[].qty > 3", "SELECT json_extract(t.doc, '$._id') FROM T t WHERE EXISTS (SELECT 1 FROM json_each(t.doc, '$.lines') WHERE json_extract(value, '$.sku') = 'S1') AND EXISTS (SELECT 1 FROM json_each(t.doc, '$.lines') WHERE json_extract(value, '$.qty') > 3)", false },
        { "SELECT t._id FROM T t WHERE NOT t.tags[] = 'x'", "SELECT json_extract(t.doc, '$._id') FROM T t WHERE NOT EXISTS (SELECT 1 FROM json_each(t.doc, '$.tags') WHERE value = 'x')", false },
        { "SELECT t.a / 2, t.a % 3, -t.a, t.a * t.g FROM T t", $"SELECT {A} / 2, {A} % 3, -{A}, {A} * {G} FROM T t", false },
        { "SELECT (SELECT MAX(u.k) FROM U u), t._id FROM T t WHERE t._id < 3", $"SELECT (SELECT MAX(json_extract(u.doc, '$.k')) FROM U u), {Id} FROM T t WHERE {Id} < 3", false },
        { "SELECT t._id FROM T t WHERE t.b COLLATE NOCASE IN ('ab', 'b')", $"SELECT {Id} FROM T t WHERE {B} COLLATE NOCASE IN ('ab', 'b')", false },
        { "SELECT t._id FROM T t WHERE t.b NOT IN ('AB' COLLATE NOCASE)", $"SELECT {Id} FROM T t WHERE {B} NOT IN ('AB' COLLATE NOCASE)", false },
        { "SELECT t._id FROM T t WHERE t.b IN ('x', 'AB' COLLATE NOCASE)", $"SELECT {Id} FROM T t WHERE {B} IN ('x', 'AB' COLLATE NOCASE)", false },
        { "SELECT t._id FROM T t WHERE t.b COLLATE NOCASE BETWEEN 'a' AND 'B'", $"SELECT {Id} FROM T t WHERE {B} COLLATE NOCASE BETWEEN 'a' AND 'B'", false },
        { "SELECT t._id FROM T t WHERE t.b NOT BETWEEN 'a' COLLATE NOCASE AND 'b'", $"SELECT {Id} FROM T t WHERE {B} NOT BETWEEN 'a' COLLATE NOCASE AND 'b'", false },
        { "SELECT t._id FROM T t WHERE t.b COLLATE NOCASE IN (SELECT u.w FROM U u WHERE u.k < 4)", $"SELECT {Id} FROM T t WHERE {B} COLLATE NOCASE IN (SELECT json_extract(u.doc, '$.w') FROM U u WHERE {UK} < 4)", false },
        { "SELECT t._id FROM T t WHERE t.b NOT IN (SELECT u.w COLLATE NOCASE FROM U u)", $"SELECT {Id} FROM T t WHERE {B} NOT IN (SELECT json_extract(u.doc, '$.w') COLLATE NOCASE FROM U u)", false },
        { "SELECT lower(t.b), COUNT(*) FROM T t GROUP BY t.b COLLATE NOCASE", $"SELECT lower({B}), COUNT(*) FROM T t GROUP BY {B} COLLATE NOCASE", false },
        { "SELECT COUNT(*) FROM (SELECT DISTINCT t.b COLLATE NOCASE FROM T t) s", $"SELECT COUNT(*) FROM (SELECT DISTINCT {B} COLLATE NOCASE FROM T t) s", true },
        { "SELECT COUNT(DISTINCT t.b COLLATE NOCASE), COUNT(DISTINCT t.b) FROM T t", $"SELECT COUNT(DISTINCT {B} COLLATE NOCASE), COUNT(DISTINCT {B}) FROM T t", true },
        { "SELECT COUNT(*) FROM (SELECT t.b COLLATE NOCASE FROM T t UNION SELECT u.w FROM U u) s", $"SELECT COUNT(*) FROM (SELECT {B} COLLATE NOCASE FROM T t UNION SELECT json_extract(u.doc, '$.w') FROM U u) s", true },
        { "SELECT COUNT(*) FROM (SELECT t.b COLLATE NOCASE FROM T t INTERSECT SELECT upper(u.w) FROM U u) s", $"SELECT COUNT(*) FROM (SELECT {B} COLLATE NOCASE FROM T t INTERSECT SELECT upper(json_extract(u.doc, '$.w')) FROM U u) s", true },
        { "SELECT t.b, t._id FROM T t WHERE t._id < 30 ORDER BY t.b COLLATE NOCASE DESC, t._id", $"SELECT {B}, {Id} FROM T t WHERE {Id} < 30 ORDER BY {B} COLLATE NOCASE DESC, {Id}", true },
        { "SELECT COUNT(*) FROM (SELECT t._id FROM T t WHERE t.g = 1), (SELECT u._id FROM U u WHERE u.k = 2)", $"SELECT COUNT(*) FROM (SELECT {Id} FROM T t WHERE {G} = 1), (SELECT {UId} FROM U u WHERE {UK} = 2)", true },
        { "SELECT lower(s.v), COUNT(*) FROM (SELECT t.b COLLATE NOCASE AS v FROM T t) s WHERE s.v = 'ab' GROUP BY s.v", $"SELECT lower(s.v), COUNT(*) FROM (SELECT {B} COLLATE NOCASE AS v FROM T t) s WHERE s.v = 'ab' GROUP BY s.v", false },
        { "SELECT t._id FROM T t JOIN U u USING (_id) WHERE u.k > 3", $"SELECT {Id} FROM T t JOIN U u ON {UId} = {Id} WHERE {UK} > 3", false },
        { "SELECT t.c.d, u._id FROM U u CROSS JOIN T t WHERE u._id = t.g AND t.a > 10", $"SELECT json_extract(t.doc, '$.c.d'), {UId} FROM U u CROSS JOIN T t WHERE {UId} = {G} AND {A} > 10", false },
        { "SELECT t._id FROM T t WHERE t.c.d BETWEEN 2 AND 4 AND t.c.e IS NOT NULL", "SELECT json_extract(t.doc, '$._id') FROM T t WHERE json_extract(t.doc, '$.c.d') BETWEEN 2 AND 4 AND json_extract(t.doc, '$.c.e') IS NOT NULL", false },
    };
}
