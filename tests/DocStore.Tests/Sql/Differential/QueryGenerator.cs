using System.Globalization;

namespace DocStore.Tests.Sql.Differential;

/// <summary>One query in both dialects, and whether its rows come in a defined order.</summary>
internal sealed record DifferentialQuery(string DocStore, string Sqlite, bool Ordered);

/// <summary>
/// Random SELECTs over <see cref="DifferentialData"/>, written in DocStore's dialect and translated to
/// SQLite's: a path <c>t.c.d</c> becomes the column <c>t."c.d"</c> holding <c>json_extract(t.doc, '$.c.d')</c>, a predicate on <c>t.tags[]</c>
/// an <c>EXISTS</c> over <c>json_each</c>; LIKE is LIKE in both (ASCII case-insensitive). Values and
/// predicates include CASE, CAST, IS, GLOB, correlated EXISTS and scalar subqueries, SQLite's core
/// functions, predicates used as values and text in arithmetic. Queries with LIMIT order
/// by a total order; others are compared as multisets.
/// </summary>
internal sealed class QueryGenerator(int seed)
{
    private static readonly string[] NumericPaths = ["a", "g", "c.d", "_id", "ref"];
    private static readonly string[] TextPaths = ["b", "c.e"];
    private static readonly string[] Comparisons = ["=", "<>", "<", "<=", ">", ">="];

    private readonly Random _random = new(seed);
    private bool _joined;
    private bool _third;

    public DifferentialQuery Next()
    {
        _third = false;
        if (_random.Next(10) == 0)
        {
            _joined = false;
            return Compound();
        }

        if (_random.Next(15) == 0)
        {
            _joined = false;
            return Derived();
        }

        _joined = _random.Next(4) == 0;
        var join = _joined ? Join() : (string.Empty, string.Empty, false);
        (string Ds, string Sq)? where = _random.Next(5) > 0 ? Predicate(2) : null;
        var from = ("FROM T t" + join.Item1, "FROM T t" + join.Item2);
        if (_joined && !join.Item3 && _random.Next(2) == 0)
        {
            // The same inner join written as a comma join with its condition in WHERE, sometimes with a third source.
            var on = join.Item1[(join.Item1.IndexOf(" ON ", StringComparison.Ordinal) + 4)..];
            var onSq = join.Item2[(join.Item2.IndexOf(" ON ", StringComparison.Ordinal) + 4)..];
            _third = _random.Next(3) == 0;
            var comma = _random.Next(3) == 0 ? " CROSS JOIN " : ", ";
            var third = _third ? (comma + "U v", comma + "U v") : (string.Empty, string.Empty);
            var thirdOn = _third ? (" AND v.k = u.k", $" AND {P("v", "k")} = {P("u", "k")}") : (string.Empty, string.Empty);
            from = ("FROM U u" + third.Item1 + comma + "T t", "FROM U u" + third.Item2 + comma + "T t");
            where = where is null ? (on + thirdOn.Item1, onSq + thirdOn.Item2) : ($"{on}{thirdOn.Item1} AND {where.Value.Ds}", $"{onSq}{thirdOn.Item2} AND ({where.Value.Sq})");
        }

        var whereText = where is null ? (string.Empty, string.Empty) : (" WHERE " + where.Value.Ds, " WHERE " + where.Value.Sq);
        return _random.Next(4) == 0 ? Grouped(from, whereText) : Plain(from, whereText);
    }

    /// <summary>Two or three one-column selects over T and U joined by UNION [ALL], EXCEPT or INTERSECT, sometimes ordered and limited.</summary>
    private DifferentialQuery Compound()
    {
        string[] operators = ["UNION", "UNION ALL", "EXCEPT", "INTERSECT"];
        var first = Numeric();
        var where = Predicate(1);
        var ds = $"SELECT {first.Ds} FROM T t WHERE {where.Ds}";
        var sq = $"SELECT {first.Sq} FROM T t WHERE {where.Sq}";
        for (var i = _random.Next(1, 3); i > 0; i--)
        {
            var op = operators[_random.Next(operators.Length)];
            var column = _random.Next(2) == 0 ? "k" : "_id";
            var bound = _random.Next(0, 10);
            ds += $" {op} SELECT u.{column} FROM U u WHERE u.k < {bound}";
            sq += $" {op} SELECT {P("u", column)} FROM U u WHERE {P("u", "k")} < {bound}";
        }

        if (_random.Next(2) == 0)
        {
            var order = $" ORDER BY 1{(_random.Next(2) == 0 ? " DESC" : string.Empty)} LIMIT {_random.Next(1, 12)}";
            return new DifferentialQuery(ds + order, sq + order, true);
        }

        return new DifferentialQuery(ds, sq, false);
    }

    /// <summary>
    /// Subqueries in FROM, nested subqueries and NOCASE DISTINCT and UNION: counted or grouped by value, so
    /// which of several rows equal under NOCASE survives does not matter.
    /// </summary>
    private DifferentialQuery Derived()
    {
        var where = Predicate(1);
        var value = Value();
        var bound = _random.Next(0, 8);
        switch (_random.Next(4))
        {
            case 0:
                return new DifferentialQuery(
                    $"SELECT s.v, COUNT(*) FROM (SELECT {value.Ds} AS v FROM T t WHERE {where.Ds}) s GROUP BY s.v",
                    $"SELECT s.v, COUNT(*) FROM (SELECT {value.Sq} AS v FROM T t WHERE {where.Sq}) s GROUP BY s.v",
                    false);
            case 1:
                return new DifferentialQuery(
                    $"SELECT COUNT(*), COUNT(DISTINCT lower(s.v)) FROM (SELECT DISTINCT t.b COLLATE NOCASE AS v FROM T t WHERE {where.Ds}) s",
                    $"SELECT COUNT(*), COUNT(DISTINCT lower(s.v)) FROM (SELECT DISTINCT {P("t", "b")} COLLATE NOCASE AS v FROM T t WHERE {where.Sq}) s",
                    true);
            case 2:
                return new DifferentialQuery(
                    $"SELECT COUNT(*) FROM (SELECT t.c.e COLLATE NOCASE AS v FROM T t WHERE {where.Ds} UNION SELECT u.w FROM U u WHERE u.k < {bound}) s",
                    $"SELECT COUNT(*) FROM (SELECT {P("t", "c.e")} COLLATE NOCASE AS v FROM T t WHERE {where.Sq} UNION SELECT {P("u", "w")} FROM U u WHERE {P("u", "k")} < {bound}) s",
                    true);
            default:
                return new DifferentialQuery(
                    $"SELECT s.v, s.n FROM (SELECT t.g AS v, COUNT(*) AS n FROM T t WHERE t.g IN (SELECT x.k FROM U x WHERE EXISTS (SELECT 1 FROM T y WHERE y.ref = x._id AND y.a > {bound})) GROUP BY t.g) s, U u WHERE u._id = s.v",
                    $"SELECT s.v, s.n FROM (SELECT {P("t", "g")} AS v, COUNT(*) AS n FROM T t WHERE {P("t", "g")} IN (SELECT {P("x", "k")} FROM U x WHERE EXISTS (SELECT 1 FROM T y WHERE {P("y", "ref")} = {P("x", "_id")} AND {P("y", "a")} > {bound})) GROUP BY {P("t", "g")}) s, U u WHERE {P("u", "_id")} = s.v",
                    false);
        }
    }

    /// <summary>A join of U to T; the flag is set when it cannot be rewritten as a comma join (LEFT, USING).</summary>
    private (string, string, bool) Join()
    {
        var left = _random.Next(3) == 0;
        if (_random.Next(6) == 0)
        {
            // Both tables hold _id (a column in SQLite), so USING reads alike in both dialects.
            var usingJoin = left ? " LEFT JOIN U u USING (_id)" : " JOIN U u USING (_id)";
            return (usingJoin, usingJoin, true);
        }

        var kind = left ? " LEFT JOIN U u ON " : " JOIN U u ON ";
        var on = _random.Next(4) switch
        {
            0 => ("u._id = t.ref", $"{P("u", "_id")} = {P("t", "ref")}"),
            1 => ("u.k = t.g", $"{P("u", "k")} = {P("t", "g")}"),
            2 => ("u.w = t.b", $"{P("u", "w")} = {P("t", "b")}"),
            _ => ("u.k < t.g", $"{P("u", "k")} < {P("t", "g")}"),
        };
        return (kind + on.Item1, kind + on.Item2, left);
    }

    private DifferentialQuery Plain((string Ds, string Sq) from, (string Ds, string Sq) where)
    {
        var columns = Enumerable.Range(0, _random.Next(1, 4)).Select(_ => Value()).ToList();
        var distinct = _random.Next(6) == 0;
        var limit = _random.Next(3) == 0 ? (_random.Next(0, 15), _random.Next(3) == 0 ? _random.Next(0, 10) : -1) : (-1, -1);
        var select = (distinct ? "SELECT DISTINCT " : "SELECT ") + string.Join(", ", columns.Select(c => c.Ds));
        var selectSq = (distinct ? "SELECT DISTINCT " : "SELECT ") + string.Join(", ", columns.Select(c => c.Sq));
        var orderDs = string.Empty;
        var orderSq = string.Empty;
        if (limit.Item1 >= 0)
        {
            var keys = new List<(string Ds, string Sq)>();
            if (distinct)
            {
                keys.AddRange(columns.Select((_, i) => ($"{i + 1}", $"{i + 1}")));
            }
            else
            {
                if (_random.Next(2) == 0)
                {
                    keys.Add(_random.Next(4) == 0 ? ("t.b COLLATE NOCASE", $"{P("t", "b")} COLLATE NOCASE") : Value());
                }

                keys.Add(("t._id", P("t", "_id")));
                if (_joined)
                {
                    keys.Add(("u._id", P("u", "_id")));
                }

                if (_third)
                {
                    keys.Add(("v._id", P("v", "_id")));
                }
            }

            var descending = keys.Select(_ => _random.Next(3) == 0 ? " DESC" : string.Empty).ToList();
            orderDs = " ORDER BY " + string.Join(", ", keys.Select((k, i) => k.Ds + descending[i]));
            orderSq = " ORDER BY " + string.Join(", ", keys.Select((k, i) => k.Sq + descending[i]));
            var offset = limit.Item2 >= 0 ? $" OFFSET {limit.Item2}" : string.Empty;
            orderDs += $" LIMIT {limit.Item1}{offset}";
            orderSq += $" LIMIT {limit.Item1}{offset}";
        }

        return new DifferentialQuery($"{select} {from.Ds}{where.Ds}{orderDs}", $"{selectSq} {from.Sq}{where.Sq}{orderSq}", limit.Item1 >= 0);
    }

    private DifferentialQuery Grouped((string Ds, string Sq) from, (string Ds, string Sq) where)
    {
        var grouped = _random.Next(4) > 0;
        var key = _random.Next(5) switch
        {
            4 => ("lower(t.b)", $"lower({P("t", "b")})"),
            0 => ("t.g", P("t", "g")),
            1 => ("t.b", P("t", "b")),
            2 => ("t.c.e", P("t", "c.e")),
            _ => ("t.g % 2", $"{P("t", "g")} % 2"),
        };
        var aggregates = Enumerable.Range(0, _random.Next(1, 4)).Select(_ => Aggregate()).ToList();
        var select = (grouped ? new[] { key } : []).Concat(aggregates).ToList();
        var ds = "SELECT " + string.Join(", ", select.Select(s => s.Item1)) + " " + from.Ds + where.Ds;
        var sq = "SELECT " + string.Join(", ", select.Select(s => s.Item2)) + " " + from.Sq + where.Sq;
        if (grouped)
        {
            // lower(t.b) is grouped by t.b under NOCASE: every row of a group gives the same lower(t.b).
            ds += " GROUP BY " + (key.Item1 == "lower(t.b)" ? "t.b COLLATE NOCASE" : key.Item1);
            sq += " GROUP BY " + (key.Item1 == "lower(t.b)" ? $"{P("t", "b")} COLLATE NOCASE" : key.Item2);
            if (_random.Next(3) == 0)
            {
                var n = _random.Next(1, 30);
                ds += $" HAVING COUNT(*) > {n}";
                sq += $" HAVING COUNT(*) > {n}";
            }

            if (_random.Next(2) == 0)
            {
                var limit = $" ORDER BY 1{(_random.Next(2) == 0 ? " DESC" : string.Empty)} LIMIT {_random.Next(1, 6)}";
                return new DifferentialQuery(ds + limit, sq + limit, true);
            }
        }

        return new DifferentialQuery(ds, sq, false);
    }

    private (string, string) Aggregate()
    {
        var numeric = NumericPath("t");
        return _random.Next(10) switch
        {
            8 => ($"TOTAL({numeric.Ds})", $"TOTAL({numeric.Sq})"),
            9 => _random.Next(2) == 0 ? ($"COUNT(DISTINCT {numeric.Ds})", $"COUNT(DISTINCT {numeric.Sq})") : ("COUNT(DISTINCT t.c.e COLLATE NOCASE)", $"COUNT(DISTINCT {P("t", "c.e")} COLLATE NOCASE)"),
            0 => ("COUNT(*)", "COUNT(*)"),
            1 => ($"COUNT({numeric.Ds})", $"COUNT({numeric.Sq})"),
            2 => ($"SUM({numeric.Ds})", $"SUM({numeric.Sq})"),
            3 => ($"AVG({numeric.Ds})", $"AVG({numeric.Sq})"),
            4 => ($"MIN({numeric.Ds})", $"MIN({numeric.Sq})"),
            5 => ($"MAX({numeric.Ds})", $"MAX({numeric.Sq})"),
            6 => ("COUNT(DISTINCT t.b)", $"COUNT(DISTINCT {P("t", "b")})"),
            _ => ("MAX(t.b)", $"MAX({P("t", "b")})"),
        };
    }

    private (string Ds, string Sq) Value() => _random.Next(2) == 0 ? Numeric() : Text();

    private (string Ds, string Sq) Numeric()
    {
        var path = NumericPath(_joined && _random.Next(3) == 0 ? "u" : "t");
        return _random.Next(19) switch
        {
            15 => ($"CAST({path.Ds} > 3 AS TEXT)", $"CAST({path.Sq} > 3 AS TEXT)"),
            16 => ($"CASE WHEN t.b LIKE 'A%' THEN {path.Ds} < 5 ELSE typeof({path.Ds} = 2) END", $"CASE WHEN {P("t", "b")} LIKE 'A%' THEN {path.Sq} < 5 ELSE typeof({path.Sq} = 2) END"),
            17 => ($"t.b + {path.Ds}", $"{P("t", "b")} + {path.Sq}"),
            18 => ($"abs(t.c.e) + CAST(t.b AS NUMERIC)", $"abs({P("t", "c.e")}) + CAST({P("t", "b")} AS NUMERIC)"),
            9 => ($"CAST({path.Ds} AS INTEGER)", $"CAST({path.Sq} AS INTEGER)"),
            10 => ($"CASE WHEN {path.Ds} > 3 THEN {path.Ds} ELSE 0 END", $"CASE WHEN {path.Sq} > 3 THEN {path.Sq} ELSE 0 END"),
            11 => ($"NULLIF({path.Ds}, 2)", $"NULLIF({path.Sq}, 2)"),
            12 => ($"iif({path.Ds} IS NULL, -1, {path.Ds})", $"iif({path.Sq} IS NULL, -1, {path.Sq})"),
            13 => ($"max({path.Ds}, t.g)", $"max({path.Sq}, {P("t", "g")})"),
            14 => ($"CAST({path.Ds} AS REAL)", $"CAST({path.Sq} AS REAL)"),
            0 => ($"{path.Ds} + t.g", $"{path.Sq} + {P("t", "g")}"),
            1 => ($"{path.Ds} * 2", $"{path.Sq} * 2"),
            2 => ($"{path.Ds} / 2", $"{path.Sq} / 2"),
            3 => ($"ABS({path.Ds})", $"ABS({path.Sq})"),
            4 => ($"COALESCE({path.Ds}, -1)", $"COALESCE({path.Sq}, -1)"),
            5 => ($"ROUND({path.Ds})", $"ROUND({path.Sq})"),
            6 => ($"{path.Ds} - 3", $"{path.Sq} - 3"),
            _ => path,
        };
    }

    private (string Ds, string Sq) Text()
    {
        var path = TextPath(_joined && _random.Next(3) == 0 ? "u" : "t");
        return _random.Next(13) switch
        {
            8 => ($"trim({path.Ds}, 'a')", $"trim({path.Sq}, 'a')"),
            9 => ($"replace({path.Ds}, 'b', 'B')", $"replace({path.Sq}, 'b', 'B')"),
            10 => ($"CASE {path.Ds} WHEN 'x' THEN 'X' ELSE {path.Ds} END", $"CASE {path.Sq} WHEN 'x' THEN 'X' ELSE {path.Sq} END"),
            11 => ($"coalesce(nullif({path.Ds}, 'x'), 'none')", $"coalesce(nullif({path.Sq}, 'x'), 'none')"),
            12 => ($"substr({path.Ds}, -2)", $"substr({path.Sq}, -2)"),
            0 => ($"UPPER({path.Ds})", $"UPPER({path.Sq})"),
            1 => ($"LOWER({path.Ds})", $"LOWER({path.Sq})"),
            2 => ($"SUBSTR({path.Ds}, 1, 2)", $"SUBSTR({path.Sq}, 1, 2)"),
            3 => ($"{path.Ds} || 'q'", $"{path.Sq} || 'q'"),
            4 => ($"LENGTH({path.Ds})", $"LENGTH({path.Sq})"),
            5 => ($"COALESCE({path.Ds}, 'none')", $"COALESCE({path.Sq}, 'none')"),
            _ => path,
        };
    }

    private (string Ds, string Sq) NumericPath(string alias)
    {
        var path = alias == "u" ? (_random.Next(2) == 0 ? "k" : "_id") : NumericPaths[_random.Next(NumericPaths.Length)];
        return ($"{alias}.{path}", P(alias, path));
    }

    private (string Ds, string Sq) TextPath(string alias)
    {
        var path = alias == "u" ? (_random.Next(2) == 0 ? "w" : "name") : TextPaths[_random.Next(TextPaths.Length)];
        return ($"{alias}.{path}", P(alias, path));
    }

    private (string Ds, string Sq) Predicate(int depth)
    {
        if (depth > 0 && _random.Next(3) == 0)
        {
            var left = Predicate(depth - 1);
            var right = Predicate(depth - 1);
            return _random.Next(3) switch
            {
                0 => ($"({left.Ds} AND {right.Ds})", $"({left.Sq} AND {right.Sq})"),
                1 => ($"({left.Ds} OR {right.Ds})", $"({left.Sq} OR {right.Sq})"),
                _ => ($"NOT ({left.Ds})", $"NOT ({left.Sq})"),
            };
        }

        var number = NumberLiteral();
        var word = Word();
        switch (_random.Next(22))
        {
            case 18:
                var collated = TextPath("t");
                var op18 = Comparisons[_random.Next(Comparisons.Length)];
                return _random.Next(2) == 0
                    ? ($"{collated.Ds} COLLATE NOCASE {op18} '{word}'", $"{collated.Sq} COLLATE NOCASE {op18} '{word}'")
                    : ($"{collated.Ds} {op18} '{word}' COLLATE NOCASE", $"{collated.Sq} {op18} '{word}' COLLATE NOCASE");
            case 19:
                var list = string.Join(", ", Enumerable.Range(0, _random.Next(1, 4)).Select(_ => $"'{Word()}'"));
                var notIn19 = _random.Next(3) == 0 ? " NOT" : string.Empty;
                return ($"t.b COLLATE NOCASE{notIn19} IN ({list})", $"{P("t", "b")} COLLATE NOCASE{notIn19} IN ({list})");
            case 20:
                var (lowWord, highWord) = (Word(), Word());
                return ($"t.c.e COLLATE NOCASE BETWEEN '{lowWord}' AND '{highWord}'", $"{P("t", "c.e")} COLLATE NOCASE BETWEEN '{lowWord}' AND '{highWord}'");
            case 21:
                var bound21 = _random.Next(0, 8);
                return ($"t.b COLLATE NOCASE IN (SELECT x.w FROM U x WHERE x.k < {bound21})", $"{P("t", "b")} COLLATE NOCASE IN (SELECT {P("x", "w")} FROM U x WHERE {P("x", "k")} < {bound21})");
            case 13:
                var left = NumericPath("t");
                var right = NumericPath("t");
                var isNot = _random.Next(2) == 0 ? " NOT" : string.Empty;
                return ($"{left.Ds} IS{isNot} {right.Ds}", $"{left.Sq} IS{isNot} {right.Sq}");
            case 14:
                var (_, globPattern) = Pattern();
                return ($"t.b GLOB '{globPattern}'", $"{P("t", "b")} GLOB '{globPattern}'");
            case 15:
                var w15 = Word();
                return ($"EXISTS (SELECT 1 FROM U x WHERE x.k = t.g AND x.w <> '{w15}')", $"EXISTS (SELECT 1 FROM U x WHERE {P("x", "k")} = {P("t", "g")} AND {P("x", "w")} <> '{w15}')");
            case 16:
                var op16 = Comparisons[_random.Next(Comparisons.Length)];
                return ($"t.a {op16} (SELECT avg(x.k) FROM U x WHERE x.w = t.b)", $"{P("t", "a")} {op16} (SELECT avg({P("x", "k")}) FROM U x WHERE {P("x", "w")} = {P("t", "b")})");
            case 17:
                var op17 = Comparisons[_random.Next(Comparisons.Length)];
                return ($"CASE WHEN t.g > 2 THEN t.a ELSE t.c.d END {op17} {number}", $"CASE WHEN {P("t", "g")} > 2 THEN {P("t", "a")} ELSE {P("t", "c.d")} END {op17} {number}");
            case 0 or 1:
                var n = Numeric();
                var op = Comparisons[_random.Next(Comparisons.Length)];
                return ($"{n.Ds} {op} {number}", $"{n.Sq} {op} {number}");
            case 2:
                var t = Text();
                var op2 = Comparisons[_random.Next(Comparisons.Length)];
                return ($"{t.Ds} {op2} '{word}'", $"{t.Sq} {op2} '{word}'");
            case 3:
                var any = _random.Next(2) == 0 ? NumericPath("t") : TextPath("t");
                var not = _random.Next(2) == 0 ? " NOT" : string.Empty;
                return ($"{any.Ds} IS{not} NULL", $"{any.Sq} IS{not} NULL");
            case 4:
                var p = NumericPath("t");
                var items = string.Join(", ", Enumerable.Range(0, _random.Next(1, 4)).Select(_ => NumberLiteral()));
                var notIn = _random.Next(3) == 0 ? " NOT" : string.Empty;
                return ($"{p.Ds}{notIn} IN ({items})", $"{p.Sq}{notIn} IN ({items})");
            case 5:
                var b = NumericPath("t");
                var low = _random.Next(-5, 10);
                var high = low + _random.Next(0, 8);
                var notBetween = _random.Next(4) == 0 ? " NOT" : string.Empty;
                return ($"{b.Ds}{notBetween} BETWEEN {low} AND {high}", $"{b.Sq}{notBetween} BETWEEN {low} AND {high}");
            case 6:
                var (like, _) = Pattern();
                var notLike = _random.Next(4) == 0 ? " NOT" : string.Empty;
                return ($"t.b{notLike} LIKE '{like}'", $"{P("t", "b")}{notLike} LIKE '{like}'");
            case 7:
                return ($"t.tags[] = '{word}'", $"EXISTS (SELECT 1 FROM json_each(t.doc, '$.tags') WHERE value = '{word}')");
            case 8:
                var word2 = Word();
                return ($"t.tags[] IN ('{word}', '{word2}')", $"EXISTS (SELECT 1 FROM json_each(t.doc, '$.tags') WHERE value IN ('{word}', '{word2}'))");
            case 9:
                var sku = $"S{_random.Next(0, 6)}";
                return ($"t.lines[].sku = '{sku}'", $"EXISTS (SELECT 1 FROM json_each(t.doc, '$.lines') WHERE json_extract(value, '$.sku') = '{sku}')");
            case 10:
                var qty = _random.Next(0, 5);
                return ($"t.lines[].qty > {qty}", $"EXISTS (SELECT 1 FROM json_each(t.doc, '$.lines') WHERE json_extract(value, '$.qty') > {qty})");
            case 11:
                var w = Word();
                var notSub = _random.Next(3) == 0 ? " NOT" : string.Empty;
                return ($"t.g{notSub} IN (SELECT x.k FROM U x WHERE x.w <> '{w}')", $"{P("t", "g")}{notSub} IN (SELECT {P("x", "k")} FROM U x WHERE {P("x", "w")} <> '{w}')");
            default:
                var cross = NumericPath("t");
                var op3 = Comparisons[_random.Next(Comparisons.Length)];
                return ($"{cross.Ds} {op3} '{word}'", $"{cross.Sq} {op3} '{word}'");
        }
    }

    private (string Like, string Glob) Pattern()
    {
        var word = Word();
        return _random.Next(5) switch
        {
            0 => ($"{word}%", $"{word}*"),
            1 => ($"%{word}", $"*{word}"),
            2 => ($"_{word}%", $"?{word}*"),
            3 => ($"%{word}%", $"*{word}*"),
            _ => (word, word),
        };
    }

    private string Word() => DifferentialData.Words[_random.Next(DifferentialData.Words.Length)];

    private string NumberLiteral() => _random.Next(4) == 0
        ? (_random.Next(-5, 20) + 0.5).ToString(CultureInfo.InvariantCulture)
        : _random.Next(-5, 20).ToString(CultureInfo.InvariantCulture);

    // Every path the generator reads is one of DifferentialData.ScalarPaths, a column in SQLite.
    private static string P(string alias, string path) => $"{alias}.\"{path}\"";
}
