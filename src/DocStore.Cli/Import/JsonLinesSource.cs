using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>One Extended JSON document per line (mongoexport's default), canonical or relaxed; blank lines are skipped.</summary>
internal sealed class JsonLinesSource(Stream stream, string name, bool legacy) : IDocumentSource
{
    private readonly LineReader _lines = new(stream);

    public string Position => $"line {_lines.LineNumber}";

    public long BytesRead => _lines.BytesRead;

    public BsonDocument? Next()
    {
        while (_lines.TryReadLine(out var line))
        {
            var text = line.Trim(" \t"u8);
            if (text.IsEmpty)
            {
                continue;
            }

            if (_lines.LineNumber == 1 && text[0] == (byte)'[')
            {
                throw new CliFailureException($"{name}: line 1: the file holds a JSON array; import it with --json-array.");
            }

            try
            {
                return ExtendedJson.Parse(text, legacy);
            }
            catch (BsonFormatException e)
            {
                throw new CliFailureException($"{name}: {Position}: {JsonErrors.Describe(e)}", e);
            }
        }

        return null;
    }

    public void Dispose() => _lines.Dispose();
}
