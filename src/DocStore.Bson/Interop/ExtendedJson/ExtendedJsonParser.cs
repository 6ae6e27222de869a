using System.Globalization;
using System.Text.Json;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>
/// Parses Extended JSON in one pass over a <see cref="Utf8JsonReader"/>. An object's members are read
/// into a document; a member whose name is a type key ($oid, $date, ...) has its value read in that
/// type's own shape, and when the object ends, an object holding any type key must be exactly one
/// wrapper form, which then replaces the document. As the specification says, the top-level object is
/// always a document, never a wrapper. Legacy forms are read only when enabled: legacy $regex/$options is
/// recognised by its shape at the end of the object, so the $regex query operator (a non-string $regex)
/// always stays a document.
/// </summary>
internal ref partial struct ExtendedJsonParser
{
    // Wrappers add JSON levels that are not BSON levels (code with scope doubles them), so the JSON limit
    // is looser; the BSON limit is checked on every document and array.
    private const int MaxJsonDepth = (2 * BsonValue.MaxDepth) + 8;

    private readonly bool _allowLegacy;
    private Utf8JsonReader _reader;

    private ExtendedJsonParser(ReadOnlySpan<byte> utf8, bool allowLegacy)
    {
        _allowLegacy = allowLegacy;
        _reader = new Utf8JsonReader(utf8, new JsonReaderOptions
        {
            MaxDepth = MaxJsonDepth,
            CommentHandling = JsonCommentHandling.Disallow,
            AllowTrailingCommas = false,
        });
    }

    public static BsonDocument Parse(ReadOnlySpan<byte> utf8, bool allowLegacy)
    {
        var parser = new ExtendedJsonParser(utf8, allowLegacy);
        try
        {
            return parser.ParseTopLevel();
        }
        catch (JsonException e)
        {
            throw new BsonFormatException($"The text is not valid JSON: {e.Message}", e);
        }
        catch (InvalidOperationException e)
        {
            // Utf8JsonReader reports text it cannot turn into a .NET string (such as an escaped unpaired surrogate) this way.
            throw new BsonFormatException($"The JSON text holds a string that is not valid Unicode: {e.Message}", e);
        }
    }

    private BsonDocument ParseTopLevel()
    {
        if (!_reader.Read())
        {
            throw Error("The JSON text is empty; expected an object.");
        }

        if (_reader.TokenType != JsonTokenType.StartObject)
        {
            throw Error($"The top level of Extended JSON must be an object, not {_reader.TokenType}.");
        }

        var document = ParseTopLevelObject();
        if (_reader.Read())
        {
            throw Error("Unexpected content after the top-level object.");
        }

        return document;
    }

    /// <summary>The top-level object: a document whatever its keys, with values parsed as Extended JSON.</summary>
    private BsonDocument ParseTopLevelObject()
    {
        var document = new BsonDocument();
        while (Next() == JsonTokenType.PropertyName)
        {
            var name = ReadName();
            Next();
            document.AddTrusted(name, ParseValue(2));
        }

        return document;
    }

    /// <summary>Parses the value at the current token; <paramref name="depth"/> is its level if it is a container.</summary>
    private BsonValue ParseValue(int depth)
    {
        switch (_reader.TokenType)
        {
            case JsonTokenType.StartObject:
                return ParseObject(depth);
            case JsonTokenType.StartArray:
                return ParseArray(depth);
            case JsonTokenType.String:
                return new BsonString(_reader.GetString()!, trusted: true);
            case JsonTokenType.Number:
                return ParseNumber();
            case JsonTokenType.True:
                return BsonBoolean.True;
            case JsonTokenType.False:
                return BsonBoolean.False;
            case JsonTokenType.Null:
                return BsonNull.Value;
            default:
                throw Error($"Unexpected JSON token {_reader.TokenType}.");
        }
    }

    private BsonValue ParseNumber()
    {
        var raw = _reader.ValueSpan;
        if (raw.IndexOfAny((byte)'.', (byte)'e', (byte)'E') < 0)
        {
            if (_reader.TryGetInt32(out var i))
            {
                return BsonInt32.Create(i);
            }

            if (_reader.TryGetInt64(out var l))
            {
                return new BsonInt64(l);
            }
        }

        // Relaxed Extended JSON: a fraction, an exponent or an integer beyond int64 is a double.
        if (!ExtendedJsonNumbers.TryParseFinite(raw, out var d))
        {
            throw Error($"The number {System.Text.Encoding.UTF8.GetString(raw)} is outside the range of a double.");
        }

        return new BsonDouble(d);
    }

    private BsonArray ParseArray(int depth)
    {
        CheckDepth(depth);
        var array = new BsonArray();
        while (Next() != JsonTokenType.EndArray)
        {
            array.AddTrusted(ParseValue(depth + 1));
        }

        return array;
    }

    private BsonValue ParseObject(int depth)
    {
        var start = _reader.TokenStartIndex;
        var document = new BsonDocument();
        string? typeKey = null;
        while (Next() == JsonTokenType.PropertyName)
        {
            var name = ReadName();
            Next();
            BsonValue value;
            if (IsTypeKey(name))
            {
                typeKey ??= name;
                value = ParseTypeKeyValue(name, depth);
            }
            else
            {
                value = ParseValue(depth + 1);
            }

            document.AddTrusted(name, value);
        }

        if (typeKey is not null)
        {
            return ExtendedJsonWrappers.Build(document, typeKey, start);
        }

        if (_allowLegacy && ExtendedJsonWrappers.TryBuildLegacyRegex(document, start) is { } regex)
        {
            return regex;
        }

        CheckDepth(depth);
        return document;
    }

    private string ReadName()
    {
        var name = _reader.GetString()!;
        if (name.Contains('\0', StringComparison.Ordinal))
        {
            throw Error($"The key '{name.Replace("\0", "\\u0000", StringComparison.Ordinal)}' has a NUL character, which BSON names cannot hold.");
        }

        return name;
    }

    private string ExpectString(string key) =>
        _reader.TokenType == JsonTokenType.String ? _reader.GetString()! : throw Error($"{key} must be a JSON string, not {_reader.TokenType}.");

    private void ExpectObjectStart(string key)
    {
        if (_reader.TokenType != JsonTokenType.StartObject)
        {
            throw Error($"{key} must be a JSON object, not {_reader.TokenType}.");
        }
    }

    /// <summary>Moves to the next token; the reader throws on malformed or truncated JSON.</summary>
    private JsonTokenType Next()
    {
        if (!_reader.Read())
        {
            throw Error("The JSON text ends inside an object or array.");
        }

        return _reader.TokenType;
    }

    private readonly void CheckDepth(int depth)
    {
        if (depth > BsonValue.MaxDepth)
        {
            throw Error($"Documents and arrays nest deeper than {BsonValue.MaxDepth} levels.");
        }
    }

    private readonly BsonFormatException Error(string message) => new(message, _reader.TokenStartIndex);

    private static bool IsTypeKey(string name) => name.Length > 1 && name[0] == '$' && name switch
    {
        "$oid" or "$symbol" or "$numberInt" or "$numberLong" or "$numberDouble" or "$numberDecimal" or
        "$binary" or "$uuid" or "$code" or "$scope" or "$timestamp" or "$regularExpression" or
        "$dbPointer" or "$date" or "$minKey" or "$maxKey" or "$undefined" => true,
        _ => false,
    };
}
