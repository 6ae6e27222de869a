namespace DocStore.Cli.Hosting;

/// <summary>The file formats import and export read and write.</summary>
internal enum DataFormat
{
    /// <summary>BSON documents back to back, as mongodump writes them.</summary>
    Bson,

    /// <summary>Extended JSON: one document per line, or one array with --json-array.</summary>
    Json,

    /// <summary>Comma-separated values with a header row.</summary>
    Csv,
}

/// <summary>Chooses the format from --format or the file's extension.</summary>
internal static class DataFormats
{
    public static readonly string[] Names = ["bson", "json", "jsonl", "csv"];

    public static DataFormat Resolve(string? format, string? file, DataFormat? fallback)
    {
        if (format is not null)
        {
            return Parse(format) ?? throw new CliUsageException($"Unknown format '{format}'; use one of {string.Join(", ", Names)}.");
        }

        var extension = file is null ? null : Path.GetExtension(file).TrimStart('.');
        if (!string.IsNullOrEmpty(extension) && Parse(extension) is { } byExtension)
        {
            return byExtension;
        }

        return fallback ?? throw new CliUsageException(
            $"Cannot tell the format of '{file}' from its extension; name it .bson, .json, .jsonl or .csv, or pass --format {string.Join("|", Names)}.");
    }

    private static DataFormat? Parse(string name) => name.ToLowerInvariant() switch
    {
        "bson" => DataFormat.Bson,
        "json" or "jsonl" or "ndjson" => DataFormat.Json,
        "csv" => DataFormat.Csv,
        _ => null,
    };
}
