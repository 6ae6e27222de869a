using DocStore;

namespace InstallCheck;

/// <summary>Malformed constant SQL: the SQL analyzer must refuse it (DOCS020).</summary>
public static class BrokenSql
{
    public static int Count(ShopDb db) => db.Sql.Query("SELECT Email FROM Customers WHERE").Count;
}
