using DocStore.Sql.Ast;

namespace DocStore.Sql.Binding;

/// <summary>
/// The parameters of one statement, each given a slot: named ones by name (<c>@x</c>, <c>$x</c> and
/// <c>:x</c> are one parameter), positional ones by number.
/// </summary>
internal sealed class ParameterMap
{
    private readonly Dictionary<string, int> _named = new(StringComparer.Ordinal);
    private readonly Dictionary<int, int> _positional = [];
    private readonly List<ParameterExpression> _slots = [];

    /// <summary>The parameter of each slot, as first written.</summary>
    public IReadOnlyList<ParameterExpression> Slots => _slots;

    public int SlotOf(ParameterExpression parameter)
    {
        if (parameter.Style == ParameterStyle.Positional)
        {
            return Slot(_positional, parameter.Position, parameter);
        }

        return Slot(_named, parameter.Name!, parameter);
    }

    private int Slot<TKey>(Dictionary<TKey, int> map, TKey key, ParameterExpression parameter)
        where TKey : notnull
    {
        if (!map.TryGetValue(key, out var slot))
        {
            slot = _slots.Count;
            _slots.Add(parameter);
            map[key] = slot;
        }

        return slot;
    }
}
