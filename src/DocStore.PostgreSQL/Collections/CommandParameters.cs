using Npgsql;

namespace DocStore.PostgreSQL.Collections;

/// <summary>
/// Sets the positional parameters of a command or batch statement kept for the next operation: the first use adds them, later
/// uses set their values, so a repeated statement allocates no parameter. A key of a type the key column
/// holds as itself (<c>int</c>, <c>long</c>, <c>Guid</c>, <c>string</c>) is a typed parameter, not boxed.
/// </summary>
internal static class CommandParameters
{
    public static void Set(NpgsqlParameterCollection command, int position, object? value)
    {
        if (command.Count <= position)
        {
            command.Add(WriteBatch.Value(value));
        }
        else
        {
            command[position].Value = value ?? DBNull.Value;
        }
    }

    public static void SetBytes(NpgsqlParameterCollection command, int position, byte[]? value)
    {
        if (command.Count <= position)
        {
            command.Add(WriteBatch.Bytes(value));
        }
        else if (value is not null && command[position] is NpgsqlParameter<byte[]> typed)
        {
            typed.TypedValue = value;
        }
        else
        {
            command[position] = WriteBatch.Bytes(value);
        }
    }

    /// <summary>Sets a document's UTF-8 JSON as a jsonb parameter (binary format, no string).</summary>
    public static void SetJson(NpgsqlParameterCollection command, int position, byte[] utf8)
    {
        if (command.Count <= position)
        {
            command.Add(WriteBatch.Json(utf8));
        }
        else
        {
            command[position].Value = utf8;
        }
    }

    public static void SetBytesArray(NpgsqlParameterCollection command, int position, byte[]?[] values)
    {
        if (command.Count > position && command[position] is NpgsqlParameter<byte[]?[]> typed)
        {
            typed.TypedValue = values;
        }
        else if (command.Count <= position)
        {
            command.Add(WriteBatch.BytesArray(values));
        }
        else
        {
            command[position] = WriteBatch.BytesArray(values);
        }
    }

    /// <summary>Sets a key parameter: <paramref name="key"/> itself when <paramref name="direct"/>, else <paramref name="value"/> (the key column's value of it).</summary>
    public static void SetKey<TKey>(NpgsqlParameterCollection command, int position, TKey key, bool direct, object value)
    {
        if (!direct)
        {
            Set(command, position, value);
        }
        else if (command.Count <= position)
        {
            command.Add(new NpgsqlParameter<TKey> { TypedValue = key });
        }
        else
        {
            ((NpgsqlParameter<TKey>)command[position]).TypedValue = key;
        }
    }
}
