using DocStore.Metadata;

namespace DocStore.Sql.Bound;

/// <summary>
/// A value compared with a member of a recorded type (a parameter, a function result): text becomes that
/// type, anything else passes unchanged. Literals are converted when the statement is bound instead. The
/// last conversion is kept, so a parameter's text is parsed once per execution, not once per row.
/// </summary>
internal sealed class AffinityExpr(BoundExpr operand, FieldType type, string member) : BoundExpr
{
    private Converted? _last;

    public BoundExpr Operand { get; } = operand;

    public FieldType Type { get; } = type;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row)
    {
        var value = Operand.Eval(row);
        if (value.Kind != SqlKind.Text)
        {
            return value;
        }

        // Plans are shared between threads: the cache is one immutable object, read and replaced whole.
        var last = Volatile.Read(ref _last);
        if (last is not null && value.Boxed is string key && ReferenceEquals(last.Text, key))
        {
            return last.Value;
        }

        var text = value.AsString();
        if (!AffinityText.TryConvert(Type.Kind, text, out var converted))
        {
            throw SqlErrors.Type(AffinityText.Refusal(text, member, Type) + $" (in {Text})");
        }

        if (value.Boxed is string boxed)
        {
            Volatile.Write(ref _last, new Converted(boxed, converted));
        }

        return converted;
    }

    private sealed record Converted(string Text, SqlValue Value);
}
