using System.Globalization;
using System.Numerics;
using System.Text.Json;

namespace DocStore.Bson.Tests.Corpus;

/// <summary>
/// Compares JSON texts structurally: member order and names, string contents, and numbers by kind and
/// value (integers exactly, non-integers by double bits, so 1.0 and 1 differ and -0.0 and 0.0 differ).
/// </summary>
internal static class JsonAssert
{
    public static void Equivalent(string expected, string actual, string context)
    {
        using var e = JsonDocument.Parse(expected);
        using var a = JsonDocument.Parse(actual);
        var path = Compare(e.RootElement, a.RootElement, "$");
        if (path is not null)
        {
            Assert.Fail($"{context}: JSON differs at {path}\nexpected: {expected}\nactual:   {actual}");
        }
    }

    /// <summary>Returns the path of the first difference, or null.</summary>
    private static string? Compare(JsonElement expected, JsonElement actual, string path)
    {
        if (expected.ValueKind != actual.ValueKind)
        {
            return path;
        }

        switch (expected.ValueKind)
        {
            case JsonValueKind.Object:
                var e = expected.EnumerateObject().ToList();
                var a = actual.EnumerateObject().ToList();
                if (e.Count != a.Count)
                {
                    return path + " (member count)";
                }

                for (var i = 0; i < e.Count; i++)
                {
                    if (!string.Equals(e[i].Name, a[i].Name, StringComparison.Ordinal))
                    {
                        return $"{path}.{e[i].Name} (name)";
                    }

                    var inner = Compare(e[i].Value, a[i].Value, $"{path}.{e[i].Name}");
                    if (inner is not null)
                    {
                        return inner;
                    }
                }

                return null;
            case JsonValueKind.Array:
                if (expected.GetArrayLength() != actual.GetArrayLength())
                {
                    return path + " (length)";
                }

                for (var i = 0; i < expected.GetArrayLength(); i++)
                {
                    var inner = Compare(expected[i], actual[i], $"{path}[{i}]");
                    if (inner is not null)
                    {
                        return inner;
                    }
                }

                return null;
            case JsonValueKind.String:
                return string.Equals(expected.GetString(), actual.GetString(), StringComparison.Ordinal) ? null : path;
            case JsonValueKind.Number:
                return NumbersEqual(expected.GetRawText(), actual.GetRawText()) ? null : path;
            default:
                return null;
        }
    }

    private static bool NumbersEqual(string expected, string actual)
    {
        var expectedInteger = expected.IndexOfAny(['.', 'e', 'E']) < 0;
        var actualInteger = actual.IndexOfAny(['.', 'e', 'E']) < 0;
        if (expectedInteger != actualInteger)
        {
            return false;
        }

        if (expectedInteger)
        {
            return BigInteger.Parse(expected, CultureInfo.InvariantCulture) == BigInteger.Parse(actual, CultureInfo.InvariantCulture);
        }

        return BitConverter.DoubleToInt64Bits(double.Parse(expected, CultureInfo.InvariantCulture)) ==
               BitConverter.DoubleToInt64Bits(double.Parse(actual, CultureInfo.InvariantCulture));
    }
}
