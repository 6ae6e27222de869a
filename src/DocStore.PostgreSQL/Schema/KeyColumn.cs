namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// The PostgreSQL type of a collection's key column and the parameter value of a key: numbers, uuid and
/// text (COLLATE "C", ordinal like the embedded engine) as themselves, an ObjectId as its 24-digit hex text;
/// any other key type as its encoded key bytes.
/// </summary>
internal sealed class KeyColumn<TKey>
    where TKey : notnull
{
    internal KeyColumn(string sqlType, string castType, Func<TKey, byte[], object> value, Func<IReadOnlyList<object>, object> array)
    {
        SqlType = sqlType;
        CastType = castType;
        Value = value;
        Array = array;
    }

    /// <summary>
    /// True when a key parameter is the key itself (<c>int</c>, <c>long</c>, <c>Guid</c>, <c>string</c>): it goes
    /// as a typed parameter, and, but for a string, needs no encoded form (its encoding is never over the key limit).
    /// </summary>
    public bool Direct { get; } = typeof(TKey) == typeof(int) || typeof(TKey) == typeof(long) || typeof(TKey) == typeof(Guid) || typeof(TKey) == typeof(string);

    /// <summary>True when reading by key needs the encoded key: for its value (bytea keys) or for the key length check (strings, ObjectIds).</summary>
    public bool NeedsEncoding { get; } = typeof(TKey) != typeof(int) && typeof(TKey) != typeof(long) && typeof(TKey) != typeof(Guid);

    /// <summary>The column's type as declared (with its collation).</summary>
    public string SqlType { get; }

    /// <summary>The type a parameter is cast to (<c>$1::bigint</c>; <c>[]</c> appended for an array of keys).</summary>
    public string CastType { get; }

    /// <summary>The parameter value of a key, given the key and its encoded form.</summary>
    public Func<TKey, byte[], object> Value { get; }

    /// <summary>A typed array of parameter values (from <see cref="Value"/>), for a batch's key column.</summary>
    public Func<IReadOnlyList<object>, object> Array { get; }

    public static KeyColumn<TKey> Create() => typeof(TKey) switch
    {
        var t when t == typeof(int) => new("integer", "integer", static (k, _) => k, static v => ToArray<int>(v)),
        var t when t == typeof(long) => new("bigint", "bigint", static (k, _) => k, static v => ToArray<long>(v)),
        var t when t == typeof(Guid) => new("uuid", "uuid", static (k, _) => k, static v => ToArray<Guid>(v)),
        var t when t == typeof(string) => new("text COLLATE \"C\"", "text", static (k, _) => k, static v => ToArray<string>(v)),
        var t when t == typeof(ObjectId) => new("text COLLATE \"C\"", "text", static (k, _) => k.ToString()!, static v => ToArray<string>(v)),
        _ => new("bytea", "bytea", static (_, encoded) => encoded, static v => ToArray<byte[]>(v)),
    };

    private static TValue[] ToArray<TValue>(IReadOnlyList<object> values)
    {
        var array = new TValue[values.Count];
        for (var i = 0; i < array.Length; i++)
        {
            array[i] = (TValue)values[i];
        }

        return array;
    }
}
