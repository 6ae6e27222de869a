using System.Globalization;
using System.Text.Json;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>The values of type keys, each read in its own shape.</summary>
internal ref partial struct ExtendedJsonParser
{
    /// <summary>Reads the value of a type key in that type's shape; <paramref name="depth"/> is the wrapper object's level.</summary>
    private BsonValue ParseTypeKeyValue(string key, int depth)
    {
        switch (key)
        {
            case "$oid":
                return ObjectId.TryParse(ExpectString(key), null, out var id)
                    ? new BsonObjectId(id)
                    : throw Error("$oid must be 24 hexadecimal digits.");
            case "$numberInt":
                return int.TryParse(ExpectString(key), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var i)
                    ? BsonInt32.Create(i)
                    : throw Error("$numberInt must be a string holding a 32-bit integer.");
            case "$numberLong":
                return long.TryParse(ExpectString(key), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var l)
                    ? new BsonInt64(l)
                    : throw Error("$numberLong must be a string holding a 64-bit integer.");
            case "$numberDouble":
                return ExtendedJsonNumbers.TryParseDouble(ExpectString(key), out var d)
                    ? new BsonDouble(d)
                    : throw Error("$numberDouble must be a string holding a finite decimal number, \"Infinity\", \"-Infinity\" or \"NaN\".");
            case "$numberDecimal":
                var decimalText = ExpectString(key);
                return Decimal128.TryParse(decimalText, null, out var m)
                    ? new BsonDecimal128(m)
                    : throw Error($"$numberDecimal '{decimalText}' is not an exactly representable decimal128 string.");
            case "$symbol":
            case "$code":
                return new BsonString(ExpectString(key), trusted: true);
            case "$scope":
                if (_reader.TokenType != JsonTokenType.StartObject)
                {
                    throw Error("$scope must be a document.");
                }

                return ParseObject(depth) as BsonDocument ?? throw Error("$scope must be a document, not a type wrapper.");
            case "$binary":
                if (_reader.TokenType != JsonTokenType.String)
                {
                    return ParseBinaryBody();
                }

                // The legacy form {"$binary": base64, "$type": hex}; Build pairs it with its $type.
                return _allowLegacy
                    ? new BsonString(_reader.GetString()!, trusted: true)
                    : throw Error("$binary must be {\"base64\": ..., \"subType\": ...}; the legacy string form is accepted only when legacy forms are enabled.");
            case "$uuid":
                return ExtendedJsonWrappers.TryParseUuid(ExpectString(key), out var uuid)
                    ? uuid
                    : throw Error("$uuid must be 32 hexadecimal digits in the 8-4-4-4-12 hyphenated form.");
            case "$date":
                return ParseDateBody(depth);
            case "$timestamp":
                return ParseTimestampBody();
            case "$regularExpression":
                return ParseRegexBody();
            case "$dbPointer":
                return ParseDBPointerBody(depth);
            case "$minKey":
            case "$maxKey":
                if (_reader.TokenType != JsonTokenType.Number || !_reader.TryGetInt32(out var one) || one != 1)
                {
                    throw Error($"{key} must be the number 1.");
                }

                return key == "$minKey" ? BsonMinKey.Value : BsonMaxKey.Value;
            case "$undefined":
                return _reader.TokenType == JsonTokenType.True ? BsonUndefined.Value : throw Error("$undefined must be true.");
            default:
                throw Error($"Unknown type key {key}.");
        }
    }

    private BsonBinaryData ParseBinaryBody()
    {
        ExpectObjectStart("$binary");
        string? base64 = null;
        string? subtype = null;
        var count = 0;
        while (Next() == JsonTokenType.PropertyName)
        {
            var name = _reader.GetString();
            Next();
            count++;
            switch (name)
            {
                case "base64":
                    base64 = ExpectString("$binary.base64");
                    break;
                case "subType":
                    subtype = ExpectString("$binary.subType");
                    break;
                default:
                    throw Error($"$binary has an unexpected field '{name}'; it takes only base64 and subType.");
            }
        }

        if (base64 is null || subtype is null || count != 2)
        {
            throw Error("$binary must have exactly the string fields base64 and subType.");
        }

        return ExtendedJsonWrappers.TryParseBinary(base64, subtype, out var binary)
            ? binary
            : throw Error("$binary has invalid base64 or a subType that is not one or two hexadecimal digits.");
    }

    private BsonDateTime ParseDateBody(int depth)
    {
        switch (_reader.TokenType)
        {
            case JsonTokenType.String:
                return Iso8601.TryParse(_reader.GetString(), out var ms)
                    ? new BsonDateTime(ms)
                    : throw Error("$date string must be an ISO-8601 date-time such as 2012-12-24T12:15:30.501Z.");
            case JsonTokenType.StartObject:
                return ParseObject(depth + 1) is BsonInt64 canonical
                    ? new BsonDateTime(canonical.Value)
                    : throw Error("$date object must be {\"$numberLong\": \"...\"}.");
            case JsonTokenType.Number when _allowLegacy:
                // Legacy mongoexport: milliseconds since the epoch as a plain integer.
                return _reader.TryGetInt64(out var legacyMs)
                    ? new BsonDateTime(legacyMs)
                    : throw Error("A legacy $date number must be an integer count of milliseconds.");
            default:
                throw Error("$date must be an ISO-8601 string or {\"$numberLong\": \"...\"}.");
        }
    }

    private BsonTimestamp ParseTimestampBody()
    {
        ExpectObjectStart("$timestamp");
        uint? seconds = null;
        uint? increment = null;
        var count = 0;
        while (Next() == JsonTokenType.PropertyName)
        {
            var name = _reader.GetString();
            Next();
            count++;
            if ((name != "t" && name != "i") || _reader.TokenType != JsonTokenType.Number || !_reader.TryGetUInt32(out var value))
            {
                throw Error("$timestamp must be {\"t\": <uint32>, \"i\": <uint32>} with JSON numbers.");
            }

            if (name == "t")
            {
                seconds = value;
            }
            else
            {
                increment = value;
            }
        }

        if (seconds is null || increment is null || count != 2)
        {
            throw Error("$timestamp must have exactly the fields t and i.");
        }

        return new BsonTimestamp(seconds.Value, increment.Value);
    }

    private BsonRegularExpression ParseRegexBody()
    {
        ExpectObjectStart("$regularExpression");
        string? pattern = null;
        string? options = null;
        var count = 0;
        while (Next() == JsonTokenType.PropertyName)
        {
            var name = _reader.GetString();
            Next();
            count++;
            switch (name)
            {
                case "pattern":
                    pattern = ExpectString("$regularExpression.pattern");
                    break;
                case "options":
                    options = ExpectString("$regularExpression.options");
                    break;
                default:
                    throw Error($"$regularExpression has an unexpected field '{name}'; it takes only pattern and options.");
            }
        }

        if (pattern is null || options is null || count != 2)
        {
            throw Error("$regularExpression must have exactly the string fields pattern and options.");
        }

        return ExtendedJsonWrappers.TryCreateRegex(pattern, options) ?? throw Error("$regularExpression pattern and options cannot contain NUL characters.");
    }

    private BsonDBPointer ParseDBPointerBody(int depth)
    {
        ExpectObjectStart("$dbPointer");
        if (ParseObject(depth + 1) is BsonDocument { Count: 2 } body &&
            body.TryGetValue("$ref", out var ns) && ns is BsonString nsString &&
            body.TryGetValue("$id", out var id) && id is BsonObjectId objectId)
        {
            return new BsonDBPointer(nsString.Value, objectId.Value);
        }

        throw Error("$dbPointer must be {\"$ref\": <string>, \"$id\": {\"$oid\": ...}} with no other fields.");
    }
}
