using System.Text;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>
/// Reads RFC 4180 records: fields separated by commas, quoted fields may hold commas, quotes ("") and line
/// breaks. Tracks the line each record starts on for error messages.
/// </summary>
internal sealed class CsvRecordReader(TextReader reader, string name) : IDisposable
{
    private readonly StringBuilder _field = new();
    private long _line = 1;

    /// <summary>The 1-based line the last record started on.</summary>
    public long RecordLine { get; private set; }

    /// <summary>Reads the next record into <paramref name="fields"/>; false at the end of the input.</summary>
    public bool TryRead(List<string> fields)
    {
        fields.Clear();
        RecordLine = _line;
        var c = reader.Read();
        if (c < 0)
        {
            return false;
        }

        while (true)
        {
            _field.Clear();
            if (c == '"')
            {
                c = ReadQuoted();
            }
            else
            {
                while (c >= 0 && c != ',' && c != '\n' && c != '\r')
                {
                    if (c == '"')
                    {
                        throw new CliFailureException($"{name}: line {_line}: a quote inside an unquoted field; quote the whole field and double the quote");
                    }

                    _field.Append((char)c);
                    c = reader.Read();
                }
            }

            fields.Add(_field.ToString());
            if (c == ',')
            {
                c = reader.Read();
                continue;
            }

            if (c == '\r' && reader.Peek() == '\n')
            {
                reader.Read();
            }

            if (c >= 0)
            {
                _line++;
            }

            return true;
        }
    }

    /// <summary>Reads a quoted field's content and returns the character after its closing quote.</summary>
    private int ReadQuoted()
    {
        var startLine = _line;
        while (true)
        {
            var c = reader.Read();
            if (c < 0)
            {
                throw new CliFailureException($"{name}: line {startLine}: a quoted field is not closed before the end of the file");
            }

            if (c == '"')
            {
                if (reader.Peek() == '"')
                {
                    reader.Read();
                    _field.Append('"');
                    continue;
                }

                var next = reader.Read();
                if (next >= 0 && next != ',' && next != '\n' && next != '\r')
                {
                    throw new CliFailureException($"{name}: line {_line}: unexpected '{(char)next}' after a closing quote");
                }

                return next;
            }

            if (c == '\n')
            {
                _line++;
            }

            _field.Append((char)c);
        }
    }

    public void Dispose() => reader.Dispose();
}
