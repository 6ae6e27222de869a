using System.Text;
using DocStore.Catalog;

namespace DocStore.Sql.Bound;

/// <summary>
/// <c>CAST(x AS type)</c> with SQLite's conversions: NULL stays NULL; to INTEGER a real truncates and text
/// reads its integer prefix; to REAL text reads its real prefix; to TEXT a number prints as SQLite prints
/// it; to BLOB text becomes its UTF-8 bytes; to NUMERIC text becomes an integer or a real (a whole one
/// an integer: <c>'3.0'</c> is 3) and numbers stay as they are. Booleans convert as 0 and 1; decimals stay decimal under NUMERIC; the other
/// DocStore kinds convert through their text.
/// </summary>
internal sealed class CastExpr(BoundExpr operand, ColumnAffinity affinity) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public ColumnAffinity Affinity { get; } = affinity;

    public override IEnumerable<BoundExpr> Children => [Operand];

    public override SqlValue Eval(RowContext row) => Convert(Operand.Eval(row), Affinity);

    /// <summary>The value converted to <paramref name="affinity"/>.</summary>
    public static SqlValue Convert(in SqlValue value, ColumnAffinity affinity)
    {
        if (value.IsNull)
        {
            return value;
        }

        switch (affinity)
        {
            case ColumnAffinity.Integer:
                return SqlValue.FromInt64(FunctionArguments.Integer(value));
            case ColumnAffinity.Real:
                return SqlValue.FromDouble(FunctionArguments.Real(value));
            case ColumnAffinity.Text:
                return value.Kind == SqlKind.Text ? value : SqlValue.FromString(FunctionArguments.Text(value));
            case ColumnAffinity.Blob:
                return value.Kind == SqlKind.Binary ? value : SqlValue.FromBinary(Encoding.UTF8.GetBytes(FunctionArguments.Text(value)), 0);
            default:
                return value.Kind switch
                {
                    SqlKind.Integer or SqlKind.Double or SqlKind.Decimal => value,
                    SqlKind.Boolean => SqlValue.FromInt64(value.Integer),
                    _ => NumericText.Numeric(FunctionArguments.Text(value)),
                };
        }
    }
}
