using DocStore.Metadata;

namespace DocStore.PostgreSQL.Schema;

/// <summary>
/// The PostgreSQL type of an indexed member's column and the expression that computes it from the stored
/// jsonb (relaxed Extended JSON, docs/postgresql.md "Layout"): numbers, strings and booleans are plain JSON;
/// decimal, ObjectId, Guid, binary and the C-BSON date and time extensions are read out of their wrappers.
/// Kinds with no column type (documents, arrays, maps, unknown) give null.
/// </summary>
internal static class SqlColumnType
{
    // 100 ns ticks in a day, and the days and microseconds of a tick count (PostgreSQL keeps microseconds).
    private const string TicksPerDay = "864000000000";

    /// <summary>The column type and expression of a member of kind <paramref name="kind"/> at <paramref name="path"/>, or null.</summary>
    public static (string SqlType, string Expression)? Of(FieldTypeKind kind, IReadOnlyList<string> path)
    {
        var value = "doc" + string.Concat(path.Select(p => " -> " + Literal(p)));
        var text = "doc" + string.Concat(path.Select((p, n) => (n == path.Count - 1 ? " ->> " : " -> ") + Literal(p)));
        var binary = $"decode({value} -> '$binary' ->> 'base64', 'base64')";
        return kind switch
        {
            FieldTypeKind.Bool => ("boolean", $"CASE WHEN jsonb_typeof({value}) = 'boolean' THEN ({text})::boolean END"),
            FieldTypeKind.Byte or FieldTypeKind.SByte or FieldTypeKind.Int16 => ("smallint", Number(value, text, "smallint")),
            FieldTypeKind.UInt16 or FieldTypeKind.Char or FieldTypeKind.Int32 => ("integer", Number(value, text, "integer")),
            FieldTypeKind.UInt32 or FieldTypeKind.Int64 => ("bigint", Number(value, text, "bigint")),
            FieldTypeKind.UInt64 => ("numeric", Number(value, text, "numeric")),
            FieldTypeKind.Single or FieldTypeKind.Double =>
                ("double precision", $"CASE jsonb_typeof({value}) WHEN 'number' THEN ({text})::double precision WHEN 'object' THEN ({value} ->> '$numberDouble')::double precision END"),
            FieldTypeKind.Decimal =>
                ("numeric", $"CASE jsonb_typeof({value}) WHEN 'number' THEN ({text})::numeric WHEN 'object' THEN ({value} ->> '$numberDecimal')::numeric END"),
            FieldTypeKind.String => ("text COLLATE \"C\"", $"CASE WHEN jsonb_typeof({value}) = 'string' THEN {text} END"),
            FieldTypeKind.Guid => ("uuid", $"CASE WHEN {value} -> '$binary' ->> 'subType' IN ('04', '4') THEN encode({binary}, 'hex')::uuid END"),
            FieldTypeKind.ObjectId => ("bytea", $"decode({value} ->> '$oid', 'hex')"),
            FieldTypeKind.Binary => ("bytea", binary),
            FieldTypeKind.DateTime => ("timestamp", Extension(value, "80", $"'0001-01-01 00:00:00'::timestamp + {Interval(Int64(binary))}")),
            FieldTypeKind.DateTimeOffset => ("timestamptz", Extension(value, "81",
                $"('0001-01-01 00:00:00'::timestamp + {Interval($"({Int64(binary)} - {Int16(binary, 8)}::bigint * 600000000)")}) AT TIME ZONE 'UTC'")),
            FieldTypeKind.TimeSpan => ("interval", Extension(value, "82", Interval(Int64(binary)))),
            FieldTypeKind.DateOnly => ("date", Extension(value, "83", $"'0001-01-01'::date + ({Int32(binary)})")),
            FieldTypeKind.TimeOnly => ("time", Extension(value, "84", $"'00:00:00'::time + {Interval(Int64(binary))}")),
            _ => null,
        };
    }

    private static string Number(string value, string text, string type) =>
        $"CASE WHEN jsonb_typeof({value}) = 'number' THEN ({text})::{type} END";

    private static string Extension(string value, string subtype, string expression) =>
        $"CASE WHEN {value} -> '$binary' ->> 'subType' = '{subtype}' THEN {expression} END";

    // A tick count as an interval of whole days and microseconds (ticks below a microsecond are dropped).
    private static string Interval(string ticks) =>
        $"make_interval(days => ({ticks} / {TicksPerDay})::integer, secs => (({ticks} % {TicksPerDay}) / 10)::double precision / 1000000)";

    // Little-endian integers out of the extension's payload, as C-BSON writes them.
    private static string Int64(string bytes) =>
        "(" + string.Join(" | ", Enumerable.Range(0, 8).Select(b => $"(get_byte({bytes}, {b})::bigint << {8 * b})")) + ")";

    private static string Int32(string bytes) =>
        "(" + string.Join(" | ", Enumerable.Range(0, 4).Select(b => $"(get_byte({bytes}, {b}) << {8 * b})")) + ")";

    private static string Int16(string bytes, int offset) =>
        $"(((get_byte({bytes}, {offset}) | (get_byte({bytes}, {offset + 1}) << 8)) # 32768) - 32768)";

    public static string Literal(string text) => "'" + text.Replace("'", "''", StringComparison.Ordinal) + "'";
}
