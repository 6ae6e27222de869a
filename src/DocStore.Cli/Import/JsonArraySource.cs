using System.Text.Json;
using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>
/// One JSON array of Extended JSON documents (mongoexport --jsonArray), read element by element: the
/// tokenizer finds where each object ends, in a buffer that holds the current element and no more.
/// </summary>
internal sealed class JsonArraySource(Stream stream, string name, bool legacy) : IDocumentSource
{
    private readonly StreamWindow _window = new(stream);
    private bool _begun;
    private bool _done;
    private JsonReaderState _state = new(new JsonReaderOptions { MaxDepth = 256 });
    private long _newlinesBefore;
    private long _elementOffset;
    private long _elementLine = 1;
    private int _index;

    public string Position => $"element {_index}, line {_elementLine}, byte offset {_elementOffset}";

    public long BytesRead => _window.Consumed;

    public BsonDocument? Next()
    {
        while (!_done)
        {
            var reader = new Utf8JsonReader(_window.Pending, _window.AtEnd, _state);
            try
            {
                if (!reader.Read())
                {
                    NeedMore(_begun ? "the file ends inside the array (no closing ']')" : "the file is empty; expected a JSON array");
                    continue;
                }

                if (!_begun)
                {
                    if (reader.TokenType != JsonTokenType.StartArray)
                    {
                        throw Fail($"line {_newlinesBefore + 1}: the file does not start with a JSON array ('['); import one document per line without --json-array");
                    }

                    _begun = true;
                    Commit(ref reader);
                    continue;
                }

                if (reader.TokenType == JsonTokenType.EndArray)
                {
                    _done = true;
                    break;
                }

                if (reader.TokenType != JsonTokenType.StartObject)
                {
                    throw Fail($"element {_index + 1} at line {LineAt(reader.TokenStartIndex)} is {reader.TokenType}, not a document");
                }

                var tokenStart = (int)reader.TokenStartIndex;
                if (!reader.TrySkip())
                {
                    NeedMore("the file ends inside a document of the array");
                    continue;
                }

                _index++;
                _elementOffset = _window.Consumed + tokenStart;
                _elementLine = LineAt(tokenStart);
                var element = _window.Pending.Slice(tokenStart, (int)reader.BytesConsumed - tokenStart);
                BsonDocument document;
                try
                {
                    document = ExtendedJson.Parse(element, legacy);
                }
                catch (BsonFormatException e)
                {
                    throw Fail($"{Position}: {PositionFree(e)}", e);
                }

                Commit(ref reader);
                return document;
            }
            catch (JsonException e)
            {
                throw Fail($"line {(e.LineNumber ?? 0) + 1}: not valid JSON: {JsonErrors.Describe(new InvalidOperationException(e.Message))}", e);
            }
        }

        return null;
    }

    public void Dispose() => _window.Dispose();

    private long LineAt(long indexInWindow) =>
        _newlinesBefore + 1 + _window.Pending[..(int)indexInWindow].Count((byte)'\n');

    private void Commit(ref Utf8JsonReader reader)
    {
        var consumed = (int)reader.BytesConsumed;
        _newlinesBefore += _window.Pending[..consumed].Count((byte)'\n');
        _window.Consume(consumed);
        _state = reader.CurrentState;
    }

    private void NeedMore(string atEnd)
    {
        if (_window.AtEnd)
        {
            throw Fail($"line {_newlinesBefore + 1}: {atEnd}");
        }

        _window.Fill();
    }

    // The element's own line and column would mislead next to the file's; the element's position is given instead.
    private static string PositionFree(Exception e) => JsonErrors.Describe(new InvalidOperationException(e.Message));

    private CliFailureException Fail(string message, Exception? inner = null) => new($"{name}: {message}", inner);
}
