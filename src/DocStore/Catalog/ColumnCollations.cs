namespace DocStore.Catalog;

/// <summary>The collations a declared column may name (docs/sql.md, "Tables"), as SQLite has them built in.</summary>
internal static class ColumnCollations
{
    /// <summary>Byte-wise comparison, the default.</summary>
    public const string Binary = "BINARY";

    /// <summary>Text compared with ASCII capitals folded to lower case.</summary>
    public const string NoCase = "NOCASE";

    /// <summary>Text compared without trailing spaces.</summary>
    public const string RTrim = "RTRIM";
}
