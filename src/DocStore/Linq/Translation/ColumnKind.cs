using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>The CLR types a projected column is read as straight from the stored value.</summary>
internal enum ColumnKind
{
    String,
    Boolean,
    Int32,
    Int64,
    Double,
    Decimal,
}

/// <summary>
/// Reads a stored value as the member's CLR type when its kind is the one the generated serializer writes
/// for that type. Anything else (NULL, a missing field, another kind) is not read here: the row falls back
/// to deserializing the document, whose initializers and conversions then decide.
/// </summary>
internal static class ColumnKinds
{
    /// <summary>The column kind of a member of <paramref name="type"/> (or its nullable), or null when it is not read as a column.</summary>
    public static ColumnKind? Of(Type type)
    {
        var t = Nullable.GetUnderlyingType(type) ?? type;
        return t == typeof(string) ? ColumnKind.String
            : t == typeof(bool) ? ColumnKind.Boolean
            : t == typeof(int) ? ColumnKind.Int32
            : t == typeof(long) ? ColumnKind.Int64
            : t == typeof(double) ? ColumnKind.Double
            : t == typeof(decimal) ? ColumnKind.Decimal
            : null;
    }

    /// <summary>The CLR value of <paramref name="value"/> as <paramref name="kind"/>; false when the document must be read instead.</summary>
    public static bool TryRead(in SqlValue value, ColumnKind kind, out object? result)
    {
        result = (kind, value.Kind) switch
        {
            (ColumnKind.String, SqlKind.Text) => value.AsString(),
            (ColumnKind.Boolean, SqlKind.Boolean) => value.Integer != 0,
            (ColumnKind.Int32, SqlKind.Integer) when value.Integer is >= int.MinValue and <= int.MaxValue => (int)value.Integer,
            (ColumnKind.Int64, SqlKind.Integer) => value.Integer,
            (ColumnKind.Double, SqlKind.Double) => value.Real,
            (ColumnKind.Decimal, SqlKind.Decimal) => value.Number,
            _ => null,
        };
        return result is not null;
    }
}
