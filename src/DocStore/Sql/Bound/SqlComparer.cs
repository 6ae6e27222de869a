
namespace DocStore.Sql.Bound;

/// <summary>
/// The one order of values (docs/sql.md, "Comparison"), as SQLite's binary collation orders them: NULL
/// first, then numbers by value whatever their storage type, then text by code point (UTF-8 bytes), then
/// blobs by bytes; the kinds SQLite lacks follow in <see cref="SqlKind"/> order, except booleans, which are
/// the numbers 0 and 1. Temporal values compare by
/// meaning: a DateTime by ticks (not kind), a DateTimeOffset by UTC instant (two offsets of one instant are
/// equal), a DateOnly by day, a TimeOnly by time of day, a TimeSpan by ticks. Sorting, grouping and
/// DISTINCT use <see cref="Compare"/>; predicates use <see cref="TryCompare"/>, which makes NULL unknown.
/// </summary>
internal sealed class SqlComparer : IComparer<SqlValue>, IEqualityComparer<SqlValue>
{
    public static readonly SqlComparer Instance = new();

    /// <summary>The total order: NULL equals NULL and sorts first.</summary>
    public static int Compare(in SqlValue left, in SqlValue right)
    {
        // A boolean is the number 0 or 1 (SQLite has no boolean kind): TRUE = 1 and (a < b) = TRUE hold.
        if (left.Kind == SqlKind.Boolean || right.Kind == SqlKind.Boolean)
        {
            return Compare(AsNumber(left), AsNumber(right));
        }

        var a = Rank(left.Kind);
        var b = Rank(right.Kind);
        if (a != b)
        {
            return a.CompareTo(b);
        }

        return left.Kind switch
        {
            SqlKind.Null => 0,
            SqlKind.Integer or SqlKind.Double or SqlKind.Decimal => CompareNumbers(left, right),
            SqlKind.Text or SqlKind.Binary or SqlKind.Guid or SqlKind.ObjectId or SqlKind.Document or SqlKind.Array =>
                left.Bytes.Span.SequenceCompareTo(right.Bytes.Span),
            SqlKind.DateTime or SqlKind.DateTimeOffset or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan =>
                left.Integer.CompareTo(right.Integer),
            _ => string.CompareOrdinal(left.Boxed?.ToString(), right.Boxed?.ToString()),
        };
    }

    /// <summary>The comparison a predicate sees: null (unknown) when either side is NULL.</summary>
    public static int? TryCompare(in SqlValue left, in SqlValue right) =>
        left.IsNull || right.IsNull ? null : Compare(left, right);

    /// <summary>Equality for '=': false across kinds (text '1' is not the number 1), null when either side is NULL.</summary>
    public static bool? Equal(in SqlValue left, in SqlValue right)
    {
        if (left.IsNull || right.IsNull)
        {
            return null;
        }

        return Compare(left, right) == 0;
    }

    public static bool AreEqual(in SqlValue left, in SqlValue right) => Compare(left, right) == 0;

    /// <summary>A hash consistent with <see cref="Compare"/>: equal numbers of any storage type hash alike.</summary>
    public static int Hash(in SqlValue value)
    {
        switch (value.Kind)
        {
            case SqlKind.Null:
                return 0;
            case SqlKind.Integer or SqlKind.Boolean:
                return ((double)value.Integer).GetHashCode();
            case SqlKind.Double:
                return value.Real.GetHashCode();
            case SqlKind.Decimal:
                return ((double)value.Number).GetHashCode();
            case SqlKind.DateTime or SqlKind.DateTimeOffset or SqlKind.DateOnly or SqlKind.TimeOnly or SqlKind.TimeSpan:
                return HashCode.Combine(value.Kind, value.Integer);
            case SqlKind.Other:
                return value.Boxed?.GetHashCode() ?? 0;
            default:
                var hash = new HashCode();
                hash.Add(value.Kind);
                hash.AddBytes(value.Bytes.Span);
                return hash.ToHashCode();
        }
    }

    int IComparer<SqlValue>.Compare(SqlValue x, SqlValue y) => Compare(x, y);

    bool IEqualityComparer<SqlValue>.Equals(SqlValue x, SqlValue y) => Compare(x, y) == 0;

    int IEqualityComparer<SqlValue>.GetHashCode(SqlValue obj) => Hash(obj);

    private static SqlValue AsNumber(in SqlValue value) => value.Kind == SqlKind.Boolean ? SqlValue.FromInt64(value.Integer) : value;

    private static int Rank(SqlKind kind) => kind switch
    {
        SqlKind.Integer or SqlKind.Double or SqlKind.Decimal => (int)SqlKind.Integer,
        _ => (int)kind,
    };

    private static int CompareNumbers(in SqlValue left, in SqlValue right)
    {
        switch (left.Kind, right.Kind)
        {
            case (SqlKind.Integer, SqlKind.Integer):
                return left.Integer.CompareTo(right.Integer);
            case (SqlKind.Double, SqlKind.Double):
                return left.Real.CompareTo(right.Real);
            case (SqlKind.Decimal, SqlKind.Decimal):
                return left.Number.CompareTo(right.Number);
            case (SqlKind.Integer, SqlKind.Double):
                return CompareIntegerDouble(left.Integer, right.Real);
            case (SqlKind.Double, SqlKind.Integer):
                return -CompareIntegerDouble(right.Integer, left.Real);
            case (SqlKind.Integer, SqlKind.Decimal):
                return ((decimal)left.Integer).CompareTo(right.Number);
            case (SqlKind.Decimal, SqlKind.Integer):
                return left.Number.CompareTo(right.Integer);
            case (SqlKind.Decimal, SqlKind.Double):
                return ((double)left.Number).CompareTo(right.Real);
            default:
                return left.Real.CompareTo((double)right.Number);
        }
    }

    // Exact: a long converted to double may round, so ties are settled on the integer side.
    private static int CompareIntegerDouble(long integer, double real)
    {
        if (double.IsNaN(real))
        {
            return 1;
        }

        if (real >= 9.2233720368547758E18)
        {
            return -1;
        }

        if (real < -9.2233720368547758E18)
        {
            return 1;
        }

        var truncated = (long)real;
        if (integer != truncated)
        {
            return integer.CompareTo(truncated);
        }

        var fraction = real - truncated;
        return fraction > 0 ? -1 : fraction < 0 ? 1 : 0;
    }
}
