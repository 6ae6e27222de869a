using System.Text;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>
/// CSV with a header row. A header "a.b" makes a nested document; cells are strings unless --types names
/// the column; an empty cell of a typed column leaves the field out.
/// </summary>
internal sealed class CsvSource : IDocumentSource
{
    private readonly CountingStream _counter;
    private readonly CsvRecordReader _records;
    private readonly string _name;
    private readonly List<string> _fields = [];
    private readonly string[][] _paths;
    private readonly CsvColumnType[] _types;

    public CsvSource(Stream stream, string name, Dictionary<string, CsvColumnType> types)
    {
        _counter = new CountingStream(stream);
        _records = new CsvRecordReader(new StreamReader(_counter, new UTF8Encoding(false, throwOnInvalidBytes: true), detectEncodingFromByteOrderMarks: true), name);
        _name = name;
        if (!ReadHeader() || _fields.All(string.IsNullOrWhiteSpace))
        {
            throw new CliFailureException($"{name}: line 1: the file has no header row");
        }

        _paths = [.. _fields.Select(f => f.Split('.'))];
        foreach (var (header, index) in _fields.Select((h, i) => (h, i)))
        {
            if (_paths[index].Any(string.IsNullOrEmpty))
            {
                throw new CliFailureException($"{name}: line 1: column {index + 1} has an empty name ('{header}')");
            }

            if (header.Contains('\0', StringComparison.Ordinal))
            {
                throw new CliFailureException($"{name}: line 1: column {index + 1} has a NUL character in its name, which a field name cannot hold");
            }
        }

        foreach (var column in types.Keys)
        {
            if (!_fields.Contains(column, StringComparer.Ordinal))
            {
                throw new CliUsageException($"--types names column '{column}', which the header of {name} does not have (it has {string.Join(", ", _fields)}).");
            }
        }

        _types = [.. _fields.Select(f => types.GetValueOrDefault(f, CsvColumnType.String))];
    }

    public string Position => $"line {_records.RecordLine}";

    public long BytesRead => _counter.BytesRead;

    public BsonDocument? Next()
    {
        try
        {
            while (_records.TryRead(_fields))
            {
                if (_fields.Count == 1 && _fields[0].Length == 0)
                {
                    continue;
                }

                if (_fields.Count != _paths.Length)
                {
                    throw new CliFailureException($"{_name}: {Position}: {_fields.Count} fields, but the header has {_paths.Length}");
                }

                return Build();
            }

            return null;
        }
        catch (DecoderFallbackException e)
        {
            throw new CliFailureException($"{_name}: near {Position}: the file is not valid UTF-8", e);
        }
    }

    public void Dispose() => _records.Dispose();

    // The reader decodes its first buffer (up to 64 KiB) while reading the header, so bad UTF-8 there surfaces here.
    private bool ReadHeader()
    {
        try
        {
            return _records.TryRead(_fields);
        }
        catch (DecoderFallbackException e)
        {
            throw new CliFailureException($"{_name}: the file is not valid UTF-8 (in the first block read, which holds the header)", e);
        }
    }

    private BsonDocument Build()
    {
        var document = new BsonDocument(_paths.Length);
        for (var i = 0; i < _paths.Length; i++)
        {
            var cell = _fields[i];
            BsonValue value;
            if (_types[i] == CsvColumnType.String)
            {
                value = new BsonString(cell);
            }
            else if (cell.Length == 0)
            {
                continue;
            }
            else
            {
                value = CsvColumnTypes.Convert(cell.Trim(), _types[i])
                    ?? throw new CliFailureException($"{_name}: {Position}: column '{string.Join('.', _paths[i])}': '{cell}' is not a {_types[i].ToString().ToLowerInvariant()}");
            }

            Place(document, _paths[i], value);
        }

        return document;
    }

    private void Place(BsonDocument document, string[] path, BsonValue value)
    {
        for (var level = 0; level < path.Length - 1; level++)
        {
            if (!document.TryGetValue(path[level], out var inner))
            {
                inner = new BsonDocument();
                document.Add(path[level], inner);
            }

            document = inner as BsonDocument
                ?? throw new CliFailureException($"{_name}: line 1: column '{string.Join('.', path)}' nests under '{path[level]}', which is also a column of its own");
        }

        document.Add(path[^1], value);
    }
}
