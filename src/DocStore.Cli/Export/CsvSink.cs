using System.Globalization;
using System.Text;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;

namespace DocStore.Cli.Export;

/// <summary>
/// CSV with a header of the --fields paths. Strings, numbers, booleans, ObjectIds, dates and the .NET values
/// of <see cref="DotNetValues"/> are written as text; other values (documents, arrays, binary, ...) as relaxed
/// Extended JSON, with the .NET values in them as text; a missing field is empty.
/// </summary>
internal sealed class CsvSink : IDocumentSink
{
    private readonly StreamWriter _writer;
    private readonly string[][] _paths;
    private readonly StringBuilder _line = new();

    public CsvSink(Stream stream, IReadOnlyList<string> fields)
    {
        _writer = new StreamWriter(stream, new UTF8Encoding(false), 1 << 16) { NewLine = "\n" };
        _paths = [.. fields.Select(f => f.Split('.'))];
        _writer.WriteLine(string.Join(',', fields.Select(Quote)));
    }

    public void Write(BsonDocument document)
    {
        _line.Clear();
        for (var i = 0; i < _paths.Length; i++)
        {
            if (i > 0)
            {
                _line.Append(',');
            }

            var value = Find(document, _paths[i]);
            if (value is not null)
            {
                _line.Append(Quote(Format(value)));
            }
        }

        _writer.WriteLine(_line);
    }

    public void Complete() => _writer.Flush();

    public void Dispose() => _writer.Dispose();

    private static BsonValue? Find(BsonValue value, string[] path)
    {
        foreach (var part in path)
        {
            value = value switch
            {
                BsonDocument d when d.TryGetValue(part, out var inner) => inner,
                BsonArray a when int.TryParse(part, NumberStyles.None, CultureInfo.InvariantCulture, out var index) && index < a.Count => a[index],
                _ => null!,
            };
            if (value is null)
            {
                return null;
            }
        }

        return value;
    }

    private static string Format(BsonValue value) => value switch
    {
        _ when DotNetValues.TryFormat(value, out var text) => text,
        BsonString s => s.Value,
        BsonInt32 i => i.Value.ToString(CultureInfo.InvariantCulture),
        BsonInt64 l => l.Value.ToString(CultureInfo.InvariantCulture),
        BsonDouble d => d.Value.ToString("R", CultureInfo.InvariantCulture),
        BsonBoolean b => b.Value ? "true" : "false",
        BsonNull => string.Empty,
        BsonObjectId o => o.Value.ToString(),
        BsonDateTime t => FormatDate(t),
        _ => ExtendedJson.ToJson(DotNetValues.ToText(value), ExtendedJsonMode.Relaxed),
    };

    private static string FormatDate(BsonDateTime value)
    {
        var ms = value.MillisecondsSinceEpoch;
        return ms is >= -62135596800000 and <= 253402300799999
            ? DateTimeOffset.FromUnixTimeMilliseconds(ms).ToString("yyyy-MM-dd'T'HH:mm:ss.fff'Z'", CultureInfo.InvariantCulture)
            : ms.ToString(CultureInfo.InvariantCulture);
    }

    private static string Quote(string text) =>
        text.AsSpan().IndexOfAny(",\"\r\n") < 0 ? text : "\"" + text.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
}
