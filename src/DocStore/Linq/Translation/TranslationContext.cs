using System.Linq.Expressions;
using DocStore.Bson;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>An array member being tested element by element: its lambda parameter, its path and element slot.</summary>
internal sealed record ElementScope(ParameterExpression Parameter, PathExpr Path, Type ElementType);

/// <summary>
/// The state one translation shares: the collection and its field names, the captured values, the SQL
/// parameters made so far, the element slots, and whether the result may be cached.
/// </summary>
internal sealed class TranslationContext(SqlCollection collection, IFieldDictionary fields, CapturedQuery captured, ParameterExpression document)
{
    private readonly HashSet<string> _names = new(StringComparer.Ordinal);

    public SqlCollection Collection { get; } = collection;

    public IFieldDictionary Fields { get; } = fields;

    public CapturedQuery Captured { get; } = captured;

    public ParameterExpression Document { get; } = document;

    /// <summary>Reads a stored document as the query's type, to learn and read what missing members hold; null to read them as their type's default.</summary>
    public DocumentReader? Reader { get; init; }

    public List<ParameterSource> Parameters { get; } = [];

    public List<ElementScope> Scopes { get; } = [];

    public int ElementSlots { get; set; }

    /// <summary>False when a path names a field no document has yet: its id is unknown, so the plan is made again next time.</summary>
    public bool Cacheable { get; set; } = true;

    /// <summary>The captured value of <paramref name="node"/>, with its position; false when the node reads a document.</summary>
    public bool TryValue(Expression node, out int slot, out object? value)
    {
        if (Captured.Slots!.TryGetValue(node, out slot))
        {
            value = Captured.Values[slot];
            return true;
        }

        value = null;
        return false;
    }

    /// <summary>A SQL parameter reading captured value <paramref name="slot"/> (or one of its items).</summary>
    public ParameterExpr Parameter(ParameterKind kind, int slot, int item, Expression? origin)
    {
        var name = NameFor(origin, slot, item);
        Parameters.Add(new ParameterSource(kind, slot, item, name));
        return new ParameterExpr(Parameters.Count - 1) { Text = name };
    }

    /// <summary>The id of a stored field name; 0 (no field) when no document has it yet.</summary>
    public ushort FieldId(string name)
    {
        if (Fields.TryGetId(name, out var id))
        {
            return id;
        }

        Cacheable = false;
        return 0;
    }

    private string NameFor(Expression? origin, int slot, int item)
    {
        var baseName = origin is MemberExpression { Member.Name: var member } && IsIdentifier(member) ? member : $"p{slot}";
        var name = item >= 0 ? $"@{baseName}_{item}" : $"@{baseName}";
        if (!_names.Add(name))
        {
            name = item >= 0 ? $"@{baseName}{slot}_{item}" : $"@{baseName}{slot}";
            _names.Add(name);
        }

        return name;
    }

    // Closure fields of the compiler's display classes have names such as "<>4__this".
    private static bool IsIdentifier(string name) => name.Length > 0 && (char.IsLetter(name[0]) || name[0] == '_') && name.All(c => char.IsLetterOrDigit(c) || c == '_');
}
