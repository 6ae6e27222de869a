// The test builds expression trees at run time, as a dynamic query would; it never runs trimmed.
#pragma warning disable IL2026, IL2060, IL2075, IL3050

using System.Linq.Expressions;
using System.Reflection;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// Builds random LINQ queries over <see cref="LinqItem"/> twice: as a user writes them (what the DocStore
/// planner translates) and as the oracle for LINQ-to-objects over the deserialized documents, where a path
/// through a null object reads as null (<c>p.Home?.City</c>), a string method on a null string is false,
/// and strings order ordinally. Constants are sometimes captured (read from a closure object), as a lambda
/// over local variables reads them.
/// </summary>
internal sealed class RandomQueries(int seed)
{
    private readonly Random _random = new(seed);
    private readonly ParameterExpression _p = Expression.Parameter(typeof(LinqItem), "p");

    /// <summary>One predicate: the translated form, the oracle form and its text for failure messages.</summary>
    internal readonly record struct Predicate(Expression<Func<LinqItem, bool>> Query, Func<LinqItem, bool> Oracle, string Text);

    /// <summary>One ordering key.</summary>
    internal readonly record struct OrderKey(string Member, bool Descending);

    /// <summary>A random predicate of at most <paramref name="depth"/> levels of &&, || and !.</summary>
    public Predicate NextPredicate(int depth)
    {
        var (query, oracle, text) = Node(depth);
        return new(
            Expression.Lambda<Func<LinqItem, bool>>(query, _p),
            Expression.Lambda<Func<LinqItem, bool>>(oracle, _p).Compile(),
            text);
    }

    /// <summary>Zero to two ordering keys over members every document's order is defined for.</summary>
    public List<OrderKey> NextOrder()
    {
        string[] members = ["Age", "Score", "Code", "Name", "Born", "Home.City", "Id", "Kind", "Seen"];
        var keys = new List<OrderKey>();
        var count = _random.Next(3);
        for (var i = 0; i < count; i++)
        {
            keys.Add(new(members[_random.Next(members.Length)], _random.Next(2) == 0));
        }

        return keys;
    }

    public int Next(int max) => _random.Next(max);

    private (Expression Query, Expression Oracle, string Text) Node(int depth)
    {
        if (depth > 0 && _random.Next(3) == 0)
        {
            switch (_random.Next(5))
            {
                case 0:
                case 1:
                    {
                        var (lq, lo, lt) = Node(depth - 1);
                        var (rq, ro, rt) = Node(depth - 1);
                        return (Expression.AndAlso(lq, rq), Expression.AndAlso(lo, ro), $"({lt} && {rt})");
                    }

                case 2:
                case 3:
                    {
                        var (lq, lo, lt) = Node(depth - 1);
                        var (rq, ro, rt) = Node(depth - 1);
                        return (Expression.OrElse(lq, rq), Expression.OrElse(lo, ro), $"({lt} || {rt})");
                    }

                default:
                    {
                        var (q, o, t) = Node(depth - 1);
                        return (Expression.Not(q), Expression.Not(o), $"!{t}");
                    }
            }
        }

        return Leaf();
    }

    private (Expression Query, Expression Oracle, string Text) Leaf()
    {
        switch (_random.Next(27))
        {
            case 25: return Compare("Stars", typeof(int), [0, 1, 2, 3]);
            case 26: return Compare("Spot.Floor", typeof(int), [0, 1, 2, 4]);
            case 22: return EnumCompare();
            case 23: return Compare("Seen", typeof(DateTimeOffset), LinqData.Instants.Cast<object?>().Append(new DateTimeOffset(2000, 1, 1, 1, 0, 0, TimeSpan.FromHours(1))).ToArray());
            case 24: return Compare("Home.Zip", typeof(int), [0, 1, 3, 4]);
            case 16: return IndexedOr();
            case 17: return StringCompare();
            case 18: return ArrayLength();
            case 19: return LinesSkuPrefix();
            case 20: return AnyTags();
            case 21: return AgeCompareTo();
            case 0: return Compare("Age", typeof(int), LinqData.Ages.Cast<object?>().Append(4).Append(-1).ToArray());
            case 1: return Compare("Score", typeof(int?), [null, 0, 3, 5, 9, 11]);
            case 2: return Compare("Id", typeof(int), [1, 7, 50, 150, 1000, 1010]);
            case 3: return Compare("Weight", typeof(double), LinqData.Weights.Cast<object?>().Append(0.5).ToArray());
            case 4: return Compare("Born", typeof(DateTime?), LinqData.Dates.Cast<object?>().Append(null).ToArray());
            case 5: return Compare("Home.Zip", typeof(int), [0, 1, 2, 3, 4]);
            case 6: return EqualString("Name", LinqData.Names.Append("nobody").ToArray());
            case 7: return EqualString("Home.City", LinqData.Cities.Append("Rome").ToArray());
            case 8: return EqualString("Code", ["C001", "C500", "C007", "M1005", "nope"]);
            case 9: return StartsWith(_random.Next(2) == 0 ? "Name" : _random.Next(2) == 0 ? "Home.City" : "Code");
            case 10: return ActiveTest();
            case 11: return TagsContain();
            case 12: return IdsIn();
            case 13: return LinesAny();
            case 14: return NullTest();
            default: return CodesIn();
        }
    }

    private (Expression, Expression, string) Compare(string path, Type type, object?[] values)
    {
        var value = values[_random.Next(values.Length)];
        var ops = value is null || type == typeof(bool)
            ? new[] { ExpressionType.Equal, ExpressionType.NotEqual }
            : [ExpressionType.Equal, ExpressionType.NotEqual, ExpressionType.LessThan, ExpressionType.LessThanOrEqual, ExpressionType.GreaterThan, ExpressionType.GreaterThanOrEqual];
        var op = ops[_random.Next(ops.Length)];
        var (query, oracle) = Member(path);
        var operandType = Nullable.GetUnderlyingType(type) is null && oracle.Type != type ? oracle.Type : type;
        var queryValue = Value(value, type);
        var oracleValue = Expression.Constant(value, operandType);
        var oracleLeft = oracle.Type == operandType ? oracle : Expression.Convert(oracle, operandType);
        return (Expression.MakeBinary(op, query, queryValue), Expression.MakeBinary(op, oracleLeft, oracleValue),
            $"p.{path} {Symbol(op)} {Show(value)}");
    }

    private (Expression, Expression, string) EqualString(string path, string?[] values)
    {
        var value = values[_random.Next(values.Length)];
        var op = _random.Next(2) == 0 ? ExpressionType.Equal : ExpressionType.NotEqual;
        var (query, oracle) = Member(path);
        return (Expression.MakeBinary(op, query, Value(value, typeof(string))),
            Expression.MakeBinary(op, oracle, Expression.Constant(value, typeof(string))),
            $"p.{path} {Symbol(op)} {Show(value)}");
    }

    private (Expression, Expression, string) StartsWith(string path)
    {
        string[] prefixes = ["", "a", "A", "al", "Lo", "lo", "C0", "C5", "M", "É", "zz"];
        var prefix = prefixes[_random.Next(prefixes.Length)];
        var (query, oracle) = Member(path);
        var startsWith = typeof(string).GetMethod(nameof(string.StartsWith), [typeof(string)])!;
        var ordinal = typeof(string).GetMethod(nameof(string.StartsWith), [typeof(string), typeof(StringComparison)])!;
        var queryCall = _random.Next(2) == 0
            ? Expression.Call(query, startsWith, Value(prefix, typeof(string)))
            : Expression.Call(query, ordinal, Value(prefix, typeof(string)), Expression.Constant(StringComparison.Ordinal));
        var oracleCall = Expression.AndAlso(
            Expression.NotEqual(oracle, Expression.Constant(null, typeof(string))),
            Expression.Call(oracle, ordinal, Expression.Constant(prefix), Expression.Constant(StringComparison.Ordinal)));
        return (queryCall, oracleCall, $"p.{path}.StartsWith({Show(prefix)})");
    }

    private (Expression, Expression, string) ActiveTest()
    {
        var active = Expression.Property(_p, nameof(LinqItem.Active));
        return _random.Next(3) switch
        {
            0 => (active, active, "p.Active"),
            1 => (Expression.Not(active), Expression.Not(active), "!p.Active"),
            _ => (Expression.Equal(active, Value(false, typeof(bool))), Expression.Equal(active, Expression.Constant(false)), "p.Active == false"),
        };
    }

    private (Expression, Expression, string) TagsContain()
    {
        var value = LinqData.TagValues.Append("none").ElementAt(_random.Next(LinqData.TagValues.Length + 1));
        var tags = Expression.Property(_p, nameof(LinqItem.Tags));
        var contains = EnumerableMethod(nameof(Enumerable.Contains), 2).MakeGenericMethod(typeof(string));
        var query = Expression.Call(contains, tags, Value(value, typeof(string)));
        var oracle = Expression.AndAlso(Expression.NotEqual(tags, Expression.Constant(null, typeof(string[]))),
            Expression.Call(contains, tags, Expression.Constant(value)));
        return (query, oracle, $"p.Tags.Contains({Show(value)})");
    }

    private (Expression, Expression, string) IdsIn()
    {
        var ids = Enumerable.Range(0, _random.Next(0, 6)).Select(_ => _random.Next(1, 1020)).ToList();
        var id = Expression.Property(_p, nameof(LinqItem.Id));
        var contains = typeof(List<int>).GetMethod(nameof(List<int>.Contains))!;
        var call = Expression.Call(Expression.Constant(ids), contains, id);
        return (call, call, $"[{string.Join(", ", ids)}].Contains(p.Id)");
    }

    private (Expression, Expression, string) CodesIn()
    {
        string[] pool = ["C001", "C500", "C007", "M1003", "x", "C123"];
        var codes = pool.Where(_ => _random.Next(2) == 0).ToArray();
        var code = Expression.Property(_p, nameof(LinqItem.Code));
        var contains = EnumerableMethod(nameof(Enumerable.Contains), 2).MakeGenericMethod(typeof(string));
        var call = Expression.Call(contains, Expression.Constant(codes), code);
        return (call, call, $"[{string.Join(", ", codes)}].Contains(p.Code)");
    }

    private (Expression, Expression, string) LinesAny()
    {
        var line = Expression.Parameter(typeof(LinqLine), "l");
        var sku = LinqData.Skus[_random.Next(LinqData.Skus.Length)];
        var qty = _random.Next(6);
        Expression body = _random.Next(3) switch
        {
            0 => Expression.Equal(Expression.Property(line, nameof(LinqLine.Sku)), Expression.Constant(sku)),
            1 => Expression.GreaterThan(Expression.Property(line, nameof(LinqLine.Qty)), Expression.Constant(qty)),
            _ => Expression.AndAlso(
                Expression.Equal(Expression.Property(line, nameof(LinqLine.Sku)), Expression.Constant(sku)),
                Expression.GreaterThanOrEqual(Expression.Property(line, nameof(LinqLine.Qty)), Expression.Constant(qty))),
        };
        var lines = Expression.Property(_p, nameof(LinqItem.Lines));
        var any = EnumerableMethod(nameof(Enumerable.Any), 2).MakeGenericMethod(typeof(LinqLine));
        var query = Expression.Call(any, lines, Expression.Lambda<Func<LinqLine, bool>>(body, line));
        var oracle = Expression.AndAlso(Expression.NotEqual(lines, Expression.Constant(null, lines.Type)), query);
        return (query, oracle, $"p.Lines.Any(l => {body})");
    }

    /// <summary>An || of two or three conditions each on an indexed member, which the planner answers with an index union.</summary>
    private (Expression, Expression, string) IndexedOr()
    {
        var sides = Enumerable.Range(0, 2 + _random.Next(2)).Select(_ => IndexedLeaf()).ToList();
        var (query, oracle, text) = sides[0];
        foreach (var (q, o, t) in sides.Skip(1))
        {
            (query, oracle, text) = (Expression.OrElse(query, q), Expression.OrElse(oracle, o), $"({text} || {t})");
        }

        return (query, oracle, text);
    }

    private (Expression, Expression, string) IndexedLeaf() => _random.Next(8) switch
    {
        0 => Compare("Age", typeof(int), LinqData.Ages.Cast<object?>().Append(4).ToArray()),
        1 => Compare("Score", typeof(int?), [0, 3, 5, 9, 11]),
        2 => Compare("Id", typeof(int), [1, 7, 50, 150, 1000, 1010]),
        3 => EqualString("Code", ["C001", "C500", "C007", "M1005", "nope"]),
        4 => EqualString("Home.City", LinqData.Cities.Where(c => c is not null).Append("Rome").ToArray()),
        5 => TagsContain(),
        6 => _random.Next(2) == 0 ? CodesIn() : IdsIn(),
        _ => LinesSkuPrefix(),
    };

    /// <summary><c>string.CompareOrdinal(p.X, v) op 0</c>, <c>string.Compare(p.X, v, Ordinal)</c>, either way round.</summary>
    private (Expression, Expression, string) StringCompare()
    {
        string[] paths = ["Code", "Name", "Home.City"];
        var path = paths[_random.Next(paths.Length)];
        string?[] values = [null, "", "C005", "C1", "M", "Lo", "al", "ann", "Bob", "zz", "É"];
        var value = values[_random.Next(values.Length)];
        var (query, oracle) = Member(path);
        var swapped = _random.Next(2) == 0;
        var ordinal = typeof(string).GetMethod(nameof(string.CompareOrdinal), [typeof(string), typeof(string)])!;
        var withComparison = typeof(string).GetMethod(nameof(string.Compare), [typeof(string), typeof(string), typeof(StringComparison)])!;
        var queryValue = Value(value, typeof(string));
        var (qa, qb) = swapped ? (queryValue, query) : (query, queryValue);
        Expression queryCall = _random.Next(2) == 0
            ? Expression.Call(ordinal, qa, qb)
            : Expression.Call(withComparison, qa, qb, Expression.Constant(StringComparison.Ordinal));
        var oracleValue = Expression.Constant(value, typeof(string));
        var oracleCall = swapped ? Expression.Call(ordinal, oracleValue, oracle) : Expression.Call(ordinal, oracle, oracleValue);
        var op = CompareOps[_random.Next(CompareOps.Length)];
        var zero = Expression.Constant(0);
        var zeroFirst = _random.Next(2) == 0;
        var flipped = zeroFirst ? Mirror(op) : op;
        return (zeroFirst ? Expression.MakeBinary(flipped, zero, queryCall) : Expression.MakeBinary(op, queryCall, zero),
            Expression.MakeBinary(op, oracleCall, zero),
            $"CompareOrdinal({(swapped ? $"{Show(value)}, p.{path}" : $"p.{path}, {Show(value)}")}) {Symbol(op)} 0");
    }

    /// <summary><c>p.Tags.Length</c>, <c>p.Tags.Count()</c>, <c>p.Lines.Count</c> compared with a number; false for a null array.</summary>
    private (Expression, Expression, string) ArrayLength()
    {
        var tags = Expression.Property(_p, nameof(LinqItem.Tags));
        var lines = Expression.Property(_p, nameof(LinqItem.Lines));
        var count = EnumerableMethod(nameof(Enumerable.Count), 1).MakeGenericMethod(typeof(string));
        var (array, length, text) = _random.Next(3) switch
        {
            0 => ((Expression)tags, (Expression)Expression.ArrayLength(tags), "p.Tags.Length"),
            1 => (tags, Expression.Call(count, tags), "p.Tags.Count()"),
            _ => (lines, Expression.Property(lines, nameof(List<LinqLine>.Count)), "p.Lines.Count"),
        };
        var bound = _random.Next(4);
        var op = CompareOps[_random.Next(CompareOps.Length)];
        var query = Expression.MakeBinary(op, length, Value(bound, typeof(int)));
        var oracle = Expression.AndAlso(Expression.NotEqual(array, Expression.Constant(null, array.Type)), Expression.MakeBinary(op, length, Expression.Constant(bound)));
        return (query, oracle, $"{text} {Symbol(op)} {bound}");
    }

    /// <summary><c>p.Lines.Any(l =&gt; l.Sku.StartsWith(x))</c>, which the multikey index on Lines[].Sku answers.</summary>
    private (Expression, Expression, string) LinesSkuPrefix()
    {
        var line = Expression.Parameter(typeof(LinqLine), "l");
        string[] prefixes = ["A", "AB", "B", "C", "Z", ""];
        var prefix = prefixes[_random.Next(prefixes.Length)];
        var sku = Expression.Property(line, nameof(LinqLine.Sku));
        var startsWith = typeof(string).GetMethod(nameof(string.StartsWith), [typeof(string)])!;
        var ordinal = typeof(string).GetMethod(nameof(string.StartsWith), [typeof(string), typeof(StringComparison)])!;
        var queryBody = Expression.Call(sku, startsWith, Expression.Constant(prefix));
        var oracleBody = Expression.AndAlso(Expression.NotEqual(sku, Expression.Constant(null, typeof(string))),
            Expression.Call(sku, ordinal, Expression.Constant(prefix), Expression.Constant(StringComparison.Ordinal)));
        var lines = Expression.Property(_p, nameof(LinqItem.Lines));
        var any = EnumerableMethod(nameof(Enumerable.Any), 2).MakeGenericMethod(typeof(LinqLine));
        var query = Expression.Call(any, lines, Expression.Lambda<Func<LinqLine, bool>>(queryBody, line));
        var oracle = Expression.AndAlso(Expression.NotEqual(lines, Expression.Constant(null, lines.Type)),
            Expression.Call(any, lines, Expression.Lambda<Func<LinqLine, bool>>(oracleBody, line)));
        return (query, oracle, $"p.Lines.Any(l => l.Sku.StartsWith({Show(prefix)}))");
    }

    private (Expression, Expression, string) AnyTags()
    {
        var tags = Expression.Property(_p, nameof(LinqItem.Tags));
        var any = typeof(Enumerable).GetMethods().Single(m => m.Name == nameof(Enumerable.Any) && m.GetParameters().Length == 1).MakeGenericMethod(typeof(string));
        var query = Expression.Call(any, tags);
        var oracle = Expression.AndAlso(Expression.NotEqual(tags, Expression.Constant(null, typeof(string[]))), query);
        return (query, oracle, "p.Tags.Any()");
    }

    /// <summary>
    /// <c>p.Kind op v</c> or <c>p.Grade op v</c>: the compiler writes an enum comparison as one of the
    /// underlying numbers (<c>(int)p.Kind == (int)v</c>), and so does this.
    /// </summary>
    private (Expression, Expression, string) EnumCompare()
    {
        var nullable = _random.Next(2) == 0;
        var path = nullable ? nameof(LinqItem.Grade) : nameof(LinqItem.Kind);
        var number = nullable ? typeof(int?) : typeof(int);
        LinqKind? value = nullable && _random.Next(5) == 0 ? null : _random.Next(6) == 0 ? (LinqKind)3 : LinqData.Kinds[_random.Next(LinqData.Kinds.Length)];
        var ops = value is null ? [ExpressionType.Equal, ExpressionType.NotEqual] : CompareOps;
        var op = ops[_random.Next(ops.Length)];
        var left = Expression.Convert(Expression.Property(_p, path), number);
        var right = value is null
            ? (Expression)Expression.Constant(null, number)
            : Expression.Convert(Value(value.Value, typeof(LinqKind)), number);
        var comparison = Expression.MakeBinary(op, left, right);
        return (comparison, comparison, $"p.{path} {Symbol(op)} {Show(value)}");
    }

    /// <summary><c>p.Age.CompareTo(v) op 0</c>: a value type's CompareTo orders as its operators do.</summary>
    private (Expression, Expression, string) AgeCompareTo()
    {
        var value = LinqData.Ages[_random.Next(LinqData.Ages.Length)] + _random.Next(2);
        var age = Expression.Property(_p, nameof(LinqItem.Age));
        var compareTo = typeof(int).GetMethod(nameof(int.CompareTo), [typeof(int)])!;
        var op = CompareOps[_random.Next(CompareOps.Length)];
        var query = Expression.MakeBinary(op, Expression.Call(age, compareTo, Value(value, typeof(int))), Expression.Constant(0));
        var oracle = Expression.MakeBinary(op, Expression.Call(age, compareTo, Expression.Constant(value)), Expression.Constant(0));
        return (query, oracle, $"p.Age.CompareTo({value}) {Symbol(op)} 0");
    }

    private static readonly ExpressionType[] CompareOps =
        [ExpressionType.Equal, ExpressionType.NotEqual, ExpressionType.LessThan, ExpressionType.LessThanOrEqual, ExpressionType.GreaterThan, ExpressionType.GreaterThanOrEqual];

    private static ExpressionType Mirror(ExpressionType op) => op switch
    {
        ExpressionType.LessThan => ExpressionType.GreaterThan,
        ExpressionType.LessThanOrEqual => ExpressionType.GreaterThanOrEqual,
        ExpressionType.GreaterThan => ExpressionType.LessThan,
        ExpressionType.GreaterThanOrEqual => ExpressionType.LessThanOrEqual,
        _ => op,
    };

    private (Expression, Expression, string) NullTest()
    {
        string[] paths = ["Name", "Home", "Tags", "Score", "Born", "Home.City", "Lines"];
        var path = paths[_random.Next(paths.Length)];
        var (query, oracle) = Member(path);
        var isNull = _random.Next(2) == 0;
        var nullValue = Expression.Constant(null, query.Type);
        return isNull
            ? (Expression.Equal(query, nullValue), Expression.Equal(oracle, Expression.Constant(null, oracle.Type)), $"p.{path} == null")
            : (Expression.NotEqual(query, nullValue), Expression.NotEqual(oracle, Expression.Constant(null, oracle.Type)), $"p.{path} != null");
    }

    /// <summary>A member path as written and as the oracle reads it (null through a null object).</summary>
    internal (Expression Query, Expression Oracle) Member(string path)
    {
        var parts = path.Split('.');
        Expression query = _p;
        Expression oracle = _p;
        foreach (var part in parts)
        {
            var parent = oracle;
            query = Expression.Property(query, part);
            var member = Expression.Property(parent, part);
            if (parent == _p)
            {
                oracle = member;
                continue;
            }

            var liftedType = member.Type.IsValueType && Nullable.GetUnderlyingType(member.Type) is null
                ? typeof(Nullable<>).MakeGenericType(member.Type)
                : member.Type;
            oracle = Expression.Condition(
                Expression.Equal(parent, Expression.Constant(null, parent.Type)),
                Expression.Constant(null, liftedType),
                liftedType == member.Type ? member : Expression.Convert(member, liftedType));
        }

        return (query, oracle);
    }

    /// <summary>A value as a constant or, half the time, read from a closure object as a captured local is.</summary>
    private Expression Value(object? value, Type type)
    {
        if (_random.Next(2) == 0)
        {
            return Expression.Constant(value, type);
        }

        var box = Activator.CreateInstance(typeof(Captured<>).MakeGenericType(type), value)!;
        return Expression.Field(Expression.Constant(box), "Value");
    }

    private static MethodInfo EnumerableMethod(string name, int parameters) =>
        typeof(Enumerable).GetMethods().Single(m => m.Name == name && m.GetParameters().Length == parameters
            && (name != nameof(Enumerable.Any) || m.GetParameters()[1].ParameterType.IsGenericType)
            && (name != nameof(Enumerable.Contains) || m.GetParameters().Length == 2));

    private static string Symbol(ExpressionType op) => op switch
    {
        ExpressionType.Equal => "==",
        ExpressionType.NotEqual => "!=",
        ExpressionType.LessThan => "<",
        ExpressionType.LessThanOrEqual => "<=",
        ExpressionType.GreaterThan => ">",
        _ => ">=",
    };

    private static string Show(object? value) => value switch
    {
        null => "null",
        string s => '"' + s + '"',
        DateTime d => d.ToString("O"),
        _ => value.ToString()!,
    };
}

/// <summary>A closure-like holder: the compiler reads a captured local as a field of such an object.</summary>
internal sealed class Captured<T>(T value)
{
    public T Value = value;
}
