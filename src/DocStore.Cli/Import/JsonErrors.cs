using System.Text.Json;
using System.Text.RegularExpressions;

namespace DocStore.Cli.Import;

/// <summary>Rewrites System.Text.Json's position suffix, which counts from 0 within the text parsed, into the file's terms.</summary>
internal static partial class JsonErrors
{
    /// <summary>The message without the reader's own position; with the column in the line when the reader gave one.</summary>
    public static string Describe(Exception e)
    {
        var message = PositionSuffix().Replace(e.Message, string.Empty).TrimEnd();
        return e.InnerException is JsonException { BytePositionInLine: { } column } && column >= 0
            ? $"{message} (at byte {column + 1} of the line)"
            : message;
    }

    [GeneratedRegex(@"\s*(Path: \S*\s*\|\s*)?LineNumber: \d+ \| BytePositionInLine: \d+\.?")]
    private static partial Regex PositionSuffix();
}
