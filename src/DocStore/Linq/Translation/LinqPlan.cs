using System.Linq.Expressions;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Linq.Translation;

/// <summary>
/// A translated query shape: the SELECT's plan for one catalog, where each SQL parameter's value comes
/// from, the Skip/Take steps, the single-result operator and the projection. Shared by every execution
/// of the shape; only the captured values differ.
/// </summary>
internal sealed class LinqPlan
{
    private Delegate? _projector;

    public required SqlCatalog Catalog { get; init; }

    public required SelectPlan Select { get; init; }

    public required ParameterSource[] Parameters { get; init; }

    /// <summary>Skip (true) or Take steps in order, each with the captured value holding its count.</summary>
    public required (bool Skip, int Value)[] Paging { get; init; }

    public required Terminal Terminal { get; init; }

    /// <summary>False when the plan holds an unknown field id and must be made again next time.</summary>
    public required bool Cacheable { get; init; }

    /// <summary>The projection over <see cref="Document"/> and <see cref="Values"/>, or null for the document itself.</summary>
    public required Expression? Projection { get; init; }

    /// <summary>The projection over stored fields when it reads only scalar members, so documents need not be deserialized; else null.</summary>
    public FieldProjection? Fields { get; init; }

    public required ParameterExpression Document { get; init; }

    public required ParameterExpression Values { get; init; }

    /// <summary>The compiled projection (compiled once per shape; it reads captured values from its second argument).</summary>
    public Func<TDocument, object?[], TResult> Projector<TDocument, TResult>()
    {
        if (_projector is Func<TDocument, object?[], TResult> known)
        {
            return known;
        }

        var projection = NullSafeMembers.Apply(Projection!, Document);
        var body = projection.Type == typeof(TResult) ? projection : Expression.Convert(projection, typeof(TResult));
        var compiled = Expression.Lambda<Func<TDocument, object?[], TResult>>(body, Document, Values)
            .Compile(preferInterpretation: !System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeSupported);
        _projector = compiled;
        return compiled;
    }

    /// <summary>The SQL parameter values for one execution.</summary>
    public SqlValue[] Bind(object?[] values, (long Offset, long? Limit) window)
    {
        var result = new SqlValue[Parameters.Length];
        Dictionary<int, object?[]>? lists = null;
        var (offset, limit) = window;

        for (var i = 0; i < result.Length; i++)
        {
            var source = Parameters[i];
            result[i] = source.Kind switch
            {
                ParameterKind.Value => ClrValues.ToSql(values[source.Value]),
                ParameterKind.Item => ClrValues.ToSql(Items(ref lists, values, source.Value)[source.Item]),
                ParameterKind.Offset => SqlValue.FromInt64(offset),
                _ => SqlValue.FromInt64(limit ?? long.MaxValue),
            };
        }

        return result;
    }

    /// <summary>LINQ's Skip and Take in order, then the rows the single-result operator needs.</summary>
    public (long Offset, long? Limit) Window(object?[] values)
    {
        long offset = 0;
        long? limit = null;
        foreach (var (skip, value) in Paging)
        {
            var count = Math.Max(0, (int)values[value]!);
            if (skip)
            {
                offset += count;
                limit = limit is { } l ? Math.Max(0, l - count) : null;
            }
            else
            {
                limit = limit is { } l ? Math.Min(l, count) : count;
            }
        }

        var needed = Terminal switch
        {
            Terminal.First or Terminal.FirstOrDefault or Terminal.Any => 1,
            Terminal.Single or Terminal.SingleOrDefault => 2,
            _ => long.MaxValue,
        };
        return (offset, needed == long.MaxValue ? limit : Math.Min(limit ?? long.MaxValue, needed));
    }

    private static object?[] Items(ref Dictionary<int, object?[]>? lists, object?[] values, int slot)
    {
        lists ??= [];
        if (!lists.TryGetValue(slot, out var items))
        {
            items = [.. ((System.Collections.IEnumerable)values[slot]!).Cast<object?>()];
            lists[slot] = items;
        }

        return items;
    }
}
