namespace DocStore.Catalog;

/// <summary>The affinity of a declared column, derived from its type name by SQLite's rules (docs/sql.md, "Tables").</summary>
internal enum ColumnAffinity
{
    Blob,
    Text,
    Numeric,
    Integer,
    Real,
}

/// <summary>
/// One column that <c>CREATE TABLE</c> declared: its name, its type name as written and what of its
/// constraints DocStore keeps. The catalog stores the columns in declared order with the collection record.
/// </summary>
/// <param name="Name">The column (top-level field) name.</param>
/// <param name="DeclaredType">The type name as written (<c>VARCHAR(10)</c>), empty when none was given.</param>
/// <param name="NotNull">True for <c>NOT NULL</c>, which writes enforce.</param>
/// <param name="Default">The <c>DEFAULT</c> value as an SQL literal (<c>0</c>, <c>'none'</c>, <c>NULL</c>), or null without one.</param>
internal sealed record TableColumn(string Name, string DeclaredType, bool NotNull = false, string? Default = null)
{
    /// <summary>The declared collation (<c>NOCASE</c>, <c>RTRIM</c>; upper case), or null for BINARY.</summary>
    public string? Collation { get; init; }

    /// <summary>The column's affinity: SQLite's five rules over the declared type name, in order.</summary>
    public ColumnAffinity Affinity => AffinityOf(DeclaredType);

    /// <summary>SQLite's rules: INT gives INTEGER; CHAR, CLOB or TEXT gives TEXT; BLOB or no type gives BLOB; REAL, FLOA or DOUB gives REAL; anything else NUMERIC.</summary>
    public static ColumnAffinity AffinityOf(string declaredType)
    {
        var type = declaredType.ToUpperInvariant();
        if (type.Contains("INT", StringComparison.Ordinal))
        {
            return ColumnAffinity.Integer;
        }

        if (type.Contains("CHAR", StringComparison.Ordinal) || type.Contains("CLOB", StringComparison.Ordinal) || type.Contains("TEXT", StringComparison.Ordinal))
        {
            return ColumnAffinity.Text;
        }

        if (type.Length == 0 || type.Contains("BLOB", StringComparison.Ordinal))
        {
            return ColumnAffinity.Blob;
        }

        return type.Contains("REAL", StringComparison.Ordinal) || type.Contains("FLOA", StringComparison.Ordinal) || type.Contains("DOUB", StringComparison.Ordinal)
            ? ColumnAffinity.Real
            : ColumnAffinity.Numeric;
    }
}
