namespace DocStore.Bson.Model;

/// <summary>
/// Checks that .NET strings can be stored in BSON: BSON strings are UTF-8, so a string with an unpaired
/// surrogate has no encoding, and names, regex patterns and options are NUL-terminated C strings, so they
/// cannot contain U+0000. Checking once, when a value is built, keeps every writer free of failure paths.
/// </summary>
internal static class BsonText
{
    /// <summary>Throws when <paramref name="value"/> holds an unpaired surrogate.</summary>
    public static void ValidateString(string value, string paramName)
    {
        ArgumentNullException.ThrowIfNull(value, paramName);
        var index = FindUnpairedSurrogate(value);
        if (index >= 0)
        {
            throw new ArgumentException($"The string has an unpaired UTF-16 surrogate at index {index}; BSON strings must be valid Unicode.", paramName);
        }
    }

    /// <summary>Throws when <paramref name="value"/> holds an unpaired surrogate or a NUL character.</summary>
    public static void ValidateCString(string value, string paramName)
    {
        ValidateString(value, paramName);
        var nul = value.IndexOf('\0', StringComparison.Ordinal);
        if (nul >= 0)
        {
            throw new ArgumentException($"The string has a NUL character at index {nul}; BSON stores it as a NUL-terminated C string.", paramName);
        }
    }

    /// <summary>Returns the index of the first unpaired surrogate, or -1.</summary>
    public static int FindUnpairedSurrogate(ReadOnlySpan<char> value)
    {
        var start = value.IndexOfAnyInRange('\uD800', '\uDFFF');
        if (start < 0)
        {
            return -1;
        }

        for (var i = start; i < value.Length; i++)
        {
            var c = value[i];
            if (char.IsHighSurrogate(c))
            {
                if (i + 1 >= value.Length || !char.IsLowSurrogate(value[i + 1]))
                {
                    return i;
                }

                i++;
            }
            else if (char.IsLowSurrogate(c))
            {
                return i;
            }
        }

        return -1;
    }
}
