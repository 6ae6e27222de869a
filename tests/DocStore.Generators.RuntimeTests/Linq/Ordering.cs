// The test builds expression trees at run time, as a dynamic query would; it never runs trimmed.
#pragma warning disable IL2026, IL2060, IL2075, IL3050

using System.Linq.Expressions;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>Applies random ordering keys to a DocStore query and, the same way, to the oracle.</summary>
internal static class Ordering
{
    private static readonly ParameterExpression P = Expression.Parameter(typeof(LinqItem), "p");

    public static IQueryable<LinqItem> Apply(IQueryable<LinqItem> query, List<RandomQueries.OrderKey> keys)
    {
        IOrderedQueryable<LinqItem>? ordered = null;
        foreach (var key in keys)
        {
            var member = Path(key.Member);
            ordered = member.Type switch
            {
                var t when t == typeof(int) => Then(query, ordered, Lambda<int>(member), key.Descending),
                var t when t == typeof(int?) => Then(query, ordered, Lambda<int?>(member), key.Descending),
                var t when t == typeof(DateTime?) => Then(query, ordered, Lambda<DateTime?>(member), key.Descending),
                var t when t == typeof(DateTimeOffset) => Then(query, ordered, Lambda<DateTimeOffset>(member), key.Descending),
                var t when t == typeof(LinqKind) => Then(query, ordered, Lambda<LinqKind>(member), key.Descending),
                _ => Then(query, ordered, Lambda<string?>(member), key.Descending),
            };
        }

        return ordered ?? query;
    }

    public static IEnumerable<LinqItem> Oracle(IEnumerable<LinqItem> source, List<RandomQueries.OrderKey> keys)
    {
        IOrderedEnumerable<LinqItem>? ordered = null;
        foreach (var key in keys)
        {
            Func<LinqItem, object?> read = key.Member switch
            {
                "Age" => i => i.Age,
                "Score" => i => i.Score,
                "Code" => i => i.Code,
                "Name" => i => i.Name,
                "Born" => i => i.Born,
                "Home.City" => i => i.Home?.City,
                "Kind" => i => i.Kind,
                "Seen" => i => i.Seen,
                _ => i => i.Id,
            };
            ordered = ordered is null
                ? key.Descending ? source.OrderByDescending(read, NullsFirst.Instance) : source.OrderBy(read, NullsFirst.Instance)
                : key.Descending ? ordered.ThenByDescending(read, NullsFirst.Instance) : ordered.ThenBy(read, NullsFirst.Instance);
        }

        return ordered ?? source;
    }

    private static Expression Path(string path) => path.Split('.').Aggregate((Expression)P, Expression.Property);

    private static Expression<Func<LinqItem, TKey>> Lambda<TKey>(Expression member) => Expression.Lambda<Func<LinqItem, TKey>>(member, P);

    private static IOrderedQueryable<LinqItem> Then<TKey>(IQueryable<LinqItem> query, IOrderedQueryable<LinqItem>? ordered, Expression<Func<LinqItem, TKey>> key, bool descending) =>
        ordered is null
            ? descending ? query.OrderByDescending(key) : query.OrderBy(key)
            : descending ? ordered.ThenByDescending(key) : ordered.ThenBy(key);

    /// <summary>Nulls first, strings ordinal, everything else by its default comparer.</summary>
    private sealed class NullsFirst : IComparer<object?>
    {
        public static readonly NullsFirst Instance = new();

        public int Compare(object? x, object? y) => (x, y) switch
        {
            (null, null) => 0,
            (null, _) => -1,
            (_, null) => 1,
            (string a, string b) => string.CompareOrdinal(a, b),
            _ => Comparer<object>.Default.Compare(x, y),
        };
    }
}
