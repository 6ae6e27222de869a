using System.Text;

namespace DocStore.Sql.Bound;

/// <summary>The affinity a CAST's type name gives, by SQLite's rules for declared types.</summary>
internal enum CastAffinity
{
    Integer,
    Text,
    Blob,
    Real,
    Numeric,
}

/// <summary>
/// <c>CAST(x AS type)</c> with SQLite's conversions: NULL stays NULL; to INTEGER a real truncates and text
/// reads its integer prefix; to REAL text reads its real prefix; to TEXT a number prints as SQLite prints
/// it; to BLOB text becomes its UTF-8 bytes; to NUMERIC text becomes an integer or a real (a whole one
/// an integer: <c>'3.0'</c> is 3) and numbers stay as they are. Booleans convert as 0 and 1; decimals stay decimal under NUMERIC; the other
/// DocStore kinds convert through their text.
/// </summary>
internal sealed class CastExpr(BoundExpr operand, CastAffinity affinity) : BoundExpr
{
    public BoundExpr Operand { get; } = operand;

    public CastAffinity Affinity { get; } = affinity;

    public override IEnumerable<BoundExpr> Children => [Operand];

    /// <summary>The affinity of a declared type name, by SQLite's rules in their order: INT, then CHAR/CLOB/TEXT, then BLOB or no name, then REAL/FLOA/DOUB, else NUMERIC.</summary>
    public static CastAffinity AffinityOf(string typeName)
    {
        var name = typeName.ToUpperInvariant();
        if (name.Contains("INT", StringComparison.Ordinal))
        {
            return CastAffinity.Integer;
        }

        if (name.Contains("CHAR", StringComparison.Ordinal) || name.Contains("CLOB", StringComparison.Ordinal) || name.Contains("TEXT", StringComparison.Ordinal))
        {
            return CastAffinity.Text;
        }

        if (name.Length == 0 || name.Contains("BLOB", StringComparison.Ordinal))
        {
            return CastAffinity.Blob;
        }

        return name.Contains("REAL", StringComparison.Ordinal) || name.Contains("FLOA", StringComparison.Ordinal) || name.Contains("DOUB", StringComparison.Ordinal)
            ? CastAffinity.Real
            : CastAffinity.Numeric;
    }

    public override SqlValue Eval(RowContext row) => Convert(Operand.Eval(row), Affinity);

    /// <summary>The value converted to <paramref name="affinity"/>.</summary>
    public static SqlValue Convert(in SqlValue value, CastAffinity affinity)
    {
        if (value.IsNull)
        {
            return value;
        }

        switch (affinity)
        {
            case CastAffinity.Integer:
                return SqlValue.FromInt64(FunctionArguments.Integer(value));
            case CastAffinity.Real:
                return SqlValue.FromDouble(FunctionArguments.Real(value));
            case CastAffinity.Text:
                return value.Kind == SqlKind.Text ? value : SqlValue.FromString(FunctionArguments.Text(value));
            case CastAffinity.Blob:
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
