namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// The PostgreSQL type of a collection's key column and the parameter value of a key: numbers, uuid and
/// text (COLLATE "C", ordinal like the embedded engine) as themselves, an ObjectId as its 24-digit hex text;
/// any other key type as its encoded key bytes.
/// </summary>
internal sealed class KeyColumn<TKey>
    where TKey : notnull
{
    internal KeyColumn(string sqlType, Func<TKey, byte[], object> value)
    {
        SqlType = sqlType;
        Value = value;
    }

    public string SqlType { get; }

    /// <summary>The parameter value of a key, given the key and its encoded form.</summary>
    public Func<TKey, byte[], object> Value { get; }

    public static KeyColumn<TKey> Create() => typeof(TKey) switch
    {
        var t when t == typeof(int) => new("integer", static (k, _) => k),
        var t when t == typeof(long) => new("bigint", static (k, _) => k),
        var t when t == typeof(Guid) => new("uuid", static (k, _) => k),
        var t when t == typeof(string) => new("text COLLATE \"C\"", static (k, _) => k),
        var t when t == typeof(ObjectId) => new("text COLLATE \"C\"", static (k, _) => k.ToString()!),
        _ => new("bytea", static (_, encoded) => encoded),
    };
}
