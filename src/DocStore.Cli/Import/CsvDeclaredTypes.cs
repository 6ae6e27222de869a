using DocStore.Bson.Model;

namespace DocStore.Cli.Import;

/// <summary>
/// CSV cells are text: a column whose path the catalog declares as a number or a bool is parsed as one, so the
/// collection's type conversion sees the value a typed writer would have written. Text-based declared types
/// (DateTime, Guid, ObjectId...) stay text, which the collection converts itself; a cell that does not parse
/// stays text too, and the collection then refuses it naming the field, type and value. Columns given in
/// --types keep the type given there.
/// </summary>
internal sealed class CsvDeclaredTypes
{
    private readonly Dictionary<string, CsvColumnType> _parsed = new(StringComparer.Ordinal);

    public CsvDeclaredTypes(IReadOnlyDictionary<string, string> memberTypes, IEnumerable<string> given)
    {
        var explicitly = new HashSet<string>(given, StringComparer.Ordinal);
        foreach (var (path, type) in memberTypes)
        {
            if (!explicitly.Contains(path) && ColumnType(type.TrimEnd('?')) is { } column)
            {
                _parsed[path] = column;
            }
        }
    }

    /// <summary>Parses the text cells of declared number and bool paths in place; an empty one is left out, as an empty cell of a typed column is.</summary>
    public void Apply(BsonDocument document)
    {
        if (_parsed.Count > 0)
        {
            Apply(document, string.Empty);
        }
    }

    private void Apply(BsonDocument document, string prefix)
    {
        foreach (var element in document.ToList())
        {
            var path = prefix + element.Name;
            if (element.Value is BsonDocument nested)
            {
                Apply(nested, path + ".");
            }
            else if (element.Value is BsonString text && _parsed.TryGetValue(path, out var type))
            {
                if (text.Value.Length == 0)
                {
                    document.Remove(element.Name);
                }
                else if (CsvColumnTypes.Convert(text.Value.Trim(), type) is { } value)
                {
                    document.Set(element.Name, value);
                }
            }
        }
    }

    /// <summary>The CSV parse for a declared scalar type, or null when the text goes to the collection as it is.</summary>
    private static CsvColumnType? ColumnType(string type) => type switch
    {
        "byte" or "sbyte" or "int16" or "uint16" or "char" or "int32" => CsvColumnType.Int32,
        "uint32" or "int64" => CsvColumnType.Int64,
        "uint64" or "decimal" => CsvColumnType.Decimal,
        "single" or "double" => CsvColumnType.Double,
        "bool" => CsvColumnType.Boolean,
        _ => null,
    };
}
