using Npgsql;
using NpgsqlTypes;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// A document's UTF-8 JSON as a statement parameter: sent as jsonb in its binary form (a version byte, then
/// the text), so no string is made of it.
/// </summary>
internal readonly record struct JsonbValue(byte[] Utf8)
{
    public NpgsqlParameter Parameter(string name) => new(name, NpgsqlDbType.Jsonb) { Value = Utf8 };
}
