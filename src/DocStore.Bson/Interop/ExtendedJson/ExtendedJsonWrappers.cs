using System.Globalization;
using DocStore.Bson.Model;

namespace DocStore.Bson.Interop;

/// <summary>Turns an object that holds Extended JSON type keys into the value it wraps, and decodes wrapper payloads.</summary>
internal static class ExtendedJsonWrappers
{
    /// <summary>
    /// Builds the wrapped value from an object whose members were read in their type shapes; the keys must
    /// form exactly one wrapper (one type key, or $code with $scope, or legacy $binary with $type).
    /// </summary>
    public static BsonValue Build(BsonDocument members, string typeKey, long offset)
    {
        if (members.Count == 1)
        {
            var value = members[0].Value;
            switch (typeKey)
            {
                case "$symbol":
                    return new BsonSymbol(((BsonString)value).Value);
                case "$code":
                    return new BsonJavaScript(((BsonString)value).Value);
                case "$scope":
                    throw new BsonFormatException("$scope needs a sibling $code.", offset);
                case "$binary" when value is BsonString:
                    throw new BsonFormatException("The legacy $binary form needs a sibling $type.", offset);
                default:
                    return value;
            }
        }

        if (members.Count == 2)
        {
            if (members.TryGetValue("$code", out var code) && members.TryGetValue("$scope", out var scope))
            {
                return new BsonJavaScriptWithScope(((BsonString)code).Value, (BsonDocument)scope);
            }

            if (members.TryGetValue("$binary", out var base64) && base64 is BsonString base64String &&
                members.TryGetValue("$type", out var type) && type is BsonString typeString)
            {
                return TryParseBinary(base64String.Value, typeString.Value, out var binary)
                    ? binary
                    : throw new BsonFormatException("The legacy $binary form has invalid base64 or a $type that is not one or two hexadecimal digits.", offset);
            }
        }

        var keys = string.Join(", ", members.Names);
        throw new BsonFormatException($"An object with the Extended JSON type key {typeKey} must have exactly that type's fields; it has: {keys}.", offset);
    }

    /// <summary>Recognises the legacy <c>{"$regex": string, "$options": string}</c>; any other shape stays a document.</summary>
    public static BsonRegularExpression? TryBuildLegacyRegex(BsonDocument members, long offset)
    {
        if (members.Count != 2 || !members.TryGetValue("$regex", out var pattern) || pattern is not BsonString patternString ||
            !members.TryGetValue("$options", out var options) || options is not BsonString optionsString)
        {
            return null;
        }

        return TryCreateRegex(patternString.Value, optionsString.Value)
            ?? throw new BsonFormatException("$regex and $options cannot contain NUL characters.", offset);
    }

    /// <summary>Creates a regular expression, or returns null when either part has a NUL character.</summary>
    public static BsonRegularExpression? TryCreateRegex(string pattern, string options) =>
        pattern.Contains('\0', StringComparison.Ordinal) || options.Contains('\0', StringComparison.Ordinal)
            ? null
            : new BsonRegularExpression(pattern, options);

    /// <summary>Decodes strict base64 (no white space) and a one- or two-digit hexadecimal subtype.</summary>
    public static bool TryParseBinary(string base64, string subtype, out BsonBinaryData binary)
    {
        binary = null!;
        if (subtype.Length is < 1 or > 2 ||
            !byte.TryParse(subtype, NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var subtypeByte))
        {
            return false;
        }

        // Convert.TryFromBase64String skips white space; Extended JSON has none, so reject it first.
        foreach (var c in base64)
        {
            if (!(char.IsAsciiLetterOrDigit(c) || c is '+' or '/' or '='))
            {
                return false;
            }
        }

        var bytes = new byte[(base64.Length / 4 * 3) + 3];
        if (!Convert.TryFromBase64String(base64, bytes, out var written))
        {
            return false;
        }

        binary = new BsonBinaryData(bytes.AsSpan(0, written), (BsonBinarySubtype)subtypeByte);
        return true;
    }

    /// <summary>Decodes "xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx" into binary subtype 4 (bytes in text order).</summary>
    public static bool TryParseUuid(string text, out BsonBinaryData binary)
    {
        binary = null!;
        if (text.Length != 36 || text[8] != '-' || text[13] != '-' || text[18] != '-' || text[23] != '-')
        {
            return false;
        }

        Span<char> hex = stackalloc char[32];
        var n = 0;
        foreach (var c in text)
        {
            if (c == '-')
            {
                continue;
            }

            if (n == 32 || !char.IsAsciiHexDigit(c))
            {
                return false;
            }

            hex[n++] = c;
        }

        if (n != 32)
        {
            return false;
        }

        var bytes = Convert.FromHexString(hex);
        binary = new BsonBinaryData(bytes, BsonBinarySubtype.Uuid, owned: true);
        return true;
    }
}
