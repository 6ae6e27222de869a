using System.Linq.Expressions;

namespace DocStore.Linq.Translation;

/// <summary>
/// One execution's view of a query expression: its shape (the structure, with each value reduced to the
/// flags translation depends on) and the values, in the order the walk met them.
/// </summary>
internal sealed class CapturedQuery(string shape, object?[] values, Dictionary<Expression, int>? slots)
{
    /// <summary>The cache key: equal for expressions that translate to the same plan.</summary>
    public string Shape { get; } = shape;

    public object?[] Values { get; } = values;

    /// <summary>Each value node's position in <see cref="Values"/>; only when asked for (to translate).</summary>
    public Dictionary<Expression, int>? Slots { get; } = slots;
}
