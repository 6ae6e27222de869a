namespace DocStore.Data;

/// <summary>
/// What an opened connection shows of its string (docs/ado-net.md, "Connection string"): the password is
/// left out, so code that logs or passes on <see cref="DocStoreConnection.ConnectionString"/> does not spread
/// it, unless the string asks to keep it with <c>Persist Security Info=True</c>.
/// </summary>
internal static class SecurityInfo
{
    /// <summary><paramref name="connectionString"/> without its <c>Password</c> (or <c>Pwd</c>) key and value.</summary>
    public static string Hide(string connectionString)
    {
        var builder = new DocStoreConnectionStringBuilder(connectionString);
        if (builder.PersistSecurityInfo || !builder.ContainsKey("Password"))
        {
            return connectionString;
        }

        builder.Remove("Password");
        return builder.ConnectionString;
    }
}
