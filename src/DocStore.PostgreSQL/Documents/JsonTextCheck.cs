using System.Text;
using System.Text.Json;

namespace DocStore.PostgreSQL.Documents;

/// <summary>
/// Text a document's JSON must not take into jsonb: a NUL character, which jsonb refuses, and a lone
/// surrogate, which the JSON writer replaces with U+FFFD and so would store a different document. A cheap
/// scan of the written text finds the documents that may hold either; only those are checked further.
/// </summary>
internal static class JsonTextCheck
{
    private static ReadOnlySpan<byte> NulEscape => "\\u0000"u8;

    private static ReadOnlySpan<byte> Replacement => "\uFFFD"u8;

    private static ReadOnlySpan<byte> ReplacementEscape => "\\uFFFD"u8;

    /// <summary>True when <paramref name="json"/> may hold a NUL or a replaced lone surrogate (it holds neither when false).</summary>
    public static bool MayHoldRefusedText(ReadOnlySpan<byte> json) =>
        json.IndexOfAny((byte)'\\', Replacement[0]) >= 0
        && (json.IndexOf(NulEscape) >= 0 || json.IndexOf(Replacement) >= 0 || json.IndexOf(ReplacementEscape) >= 0);

    /// <summary>The stored path (<c>Address.City</c>, <c>Tags[]</c>) of the first name or string in <paramref name="json"/> holding a NUL, or null.</summary>
    public static string? FindNul(ReadOnlySpan<byte> json)
    {
        var reader = new Utf8JsonReader(json);
        var steps = new List<string>();
        var arrays = new Stack<bool>();
        string? name = null;
        while (reader.Read())
        {
            switch (reader.TokenType)
            {
                case JsonTokenType.PropertyName:
                    name = reader.GetString();
                    if (name!.Contains('\0', StringComparison.Ordinal))
                    {
                        return Describe(steps, name.Replace("\0", "\\0", StringComparison.Ordinal));
                    }

                    break;
                case JsonTokenType.String when reader.ValueIsEscaped && reader.GetString()!.Contains('\0', StringComparison.Ordinal):
                    return Describe(steps, Step(arrays, name));
                case JsonTokenType.StartObject or JsonTokenType.StartArray:
                    if (arrays.Count > 0)
                    {
                        steps.Add(Step(arrays, name));
                    }

                    arrays.Push(reader.TokenType == JsonTokenType.StartArray);
                    break;
                case JsonTokenType.EndObject or JsonTokenType.EndArray:
                    arrays.Pop();
                    if (steps.Count > 0 && steps.Count >= arrays.Count)
                    {
                        steps.RemoveAt(steps.Count - 1);
                    }

                    break;
            }
        }

        return null;
    }

    // An array's element is "[]"; a document's member its name.
    private static string Step(Stack<bool> arrays, string? name) => arrays.Count > 0 && arrays.Peek() ? "[]" : name ?? string.Empty;

    private static string Describe(List<string> steps, string last)
    {
        var path = new StringBuilder();
        foreach (var step in steps.Append(last))
        {
            if (path.Length > 0 && step != "[]")
            {
                path.Append('.');
            }

            path.Append(step);
        }

        return path.ToString();
    }
}
