using System.Globalization;
using DocStore.Bson;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>The type of a CSV column, from --types (every other column is a string).</summary>
internal enum CsvColumnType
{
    String,
    Int32,
    Int64,
    Double,
    Decimal,
    Boolean,
    Date,
    ObjectId,
}

/// <summary>Parses --types ("age=int32,price=double") and converts cells.</summary>
internal static class CsvColumnTypes
{
    public const string Names = "string, int32, int64, double, decimal, bool, date, objectid";

    public static Dictionary<string, CsvColumnType> Parse(string? spec)
    {
        var types = new Dictionary<string, CsvColumnType>(StringComparer.Ordinal);
        if (string.IsNullOrWhiteSpace(spec))
        {
            return types;
        }

        foreach (var entry in spec.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var equals = entry.LastIndexOf('=');
            if (equals <= 0 || equals == entry.Length - 1)
            {
                throw new CliUsageException($"--types entry '{entry}' is not column=type; types: {Names}.");
            }

            var column = entry[..equals].Trim();
            types[column] = entry[(equals + 1)..].Trim().ToLowerInvariant() switch
            {
                "string" => CsvColumnType.String,
                "int32" or "int" => CsvColumnType.Int32,
                "int64" or "long" => CsvColumnType.Int64,
                "double" => CsvColumnType.Double,
                "decimal" or "decimal128" => CsvColumnType.Decimal,
                "bool" or "boolean" => CsvColumnType.Boolean,
                "date" => CsvColumnType.Date,
                "objectid" => CsvColumnType.ObjectId,
                var other => throw new CliUsageException($"--types: unknown type '{other}' for column '{column}'; types: {Names}."),
            };
        }

        return types;
    }

    /// <summary>The cell as a value of <paramref name="type"/>, or null when it is not one.</summary>
    public static BsonValue? Convert(string cell, CsvColumnType type)
    {
        var invariant = CultureInfo.InvariantCulture;
        return type switch
        {
            CsvColumnType.String => new BsonString(cell),
            CsvColumnType.Int32 => int.TryParse(cell, NumberStyles.Integer, invariant, out var i) ? BsonInt32.Create(i) : null,
            CsvColumnType.Int64 => long.TryParse(cell, NumberStyles.Integer, invariant, out var l) ? new BsonInt64(l) : null,
            CsvColumnType.Double => double.TryParse(cell, NumberStyles.Float, invariant, out var d) ? new BsonDouble(d) : null,
            CsvColumnType.Decimal => Decimal128.TryParse(cell, invariant, out var m) ? new BsonDecimal128(m) : null,
            CsvColumnType.Boolean => bool.TryParse(cell, out var b) ? BsonBoolean.Create(b) : null,
            CsvColumnType.Date => DateTimeOffset.TryParse(cell, invariant, DateTimeStyles.AssumeUniversal, out var t) ? BsonDateTime.FromDateTimeOffset(t) : null,
            CsvColumnType.ObjectId => ObjectId.TryParse(cell, invariant, out var o) ? new BsonObjectId(o) : null,
            _ => null,
        };
    }
}
