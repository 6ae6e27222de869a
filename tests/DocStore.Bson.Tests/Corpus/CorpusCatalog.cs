using System.Collections.Concurrent;
using System.Text.Json;

namespace DocStore.Bson.Tests.Corpus;

internal enum CorpusCaseKind
{
    Valid,
    DecodeError,
    ParseError,
}

/// <summary>One corpus case: the fields of a valid[], decodeErrors[] or parseErrors[] entry.</summary>
internal sealed record CorpusCase(string File, CorpusCaseKind Kind, int Index, string Description, bool IsDecimal128File, IReadOnlyDictionary<string, JsonElement> Fields)
{
    public string? Text(string name) => Fields.TryGetValue(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;

    public bool Lossy => Fields.TryGetValue("lossy", out var value) && value.ValueKind == JsonValueKind.True;

    public override string ToString() => $"{File} {Kind}[{Index}] {Description}";
}

/// <summary>Every *.json file of the corpus folder, read once and split into cases.</summary>
internal static class CorpusCatalog
{
    private static readonly ConcurrentDictionary<string, IReadOnlyList<CorpusCase>> Files = new(StringComparer.Ordinal);

    public static IReadOnlyList<string> FileNames { get; } =
        [.. Directory.GetFiles(CorpusLocation.Folder, "*.json").Select(Path.GetFileName).Order(StringComparer.Ordinal)!];

    public static IReadOnlyList<CorpusCase> CasesOf(string file) => Files.GetOrAdd(file, Load);

    public static CorpusCase Get(string file, CorpusCaseKind kind, int index) =>
        CasesOf(file).Single(c => c.Kind == kind && c.Index == index);

    public static TheoryData<string, int, string> Rows(CorpusCaseKind kind)
    {
        var rows = new TheoryData<string, int, string>();
        foreach (var file in FileNames)
        {
            foreach (var c in CasesOf(file).Where(c => c.Kind == kind))
            {
                rows.Add(file, c.Index, c.Description);
            }
        }

        return rows;
    }

    private static IReadOnlyList<CorpusCase> Load(string file)
    {
        using var json = JsonDocument.Parse(File.ReadAllBytes(Path.Combine(CorpusLocation.Folder, file)));
        var root = json.RootElement;
        var isDecimal = root.TryGetProperty("bson_type", out var type) && type.GetString() == "0x13";
        var cases = new List<CorpusCase>();
        Add(root, "valid", CorpusCaseKind.Valid);
        Add(root, "decodeErrors", CorpusCaseKind.DecodeError);
        Add(root, "parseErrors", CorpusCaseKind.ParseError);
        return cases;

        void Add(JsonElement r, string property, CorpusCaseKind kind)
        {
            if (!r.TryGetProperty(property, out var list))
            {
                return;
            }

            var index = 0;
            foreach (var item in list.EnumerateArray())
            {
                var fields = item.EnumerateObject().ToDictionary(p => p.Name, p => p.Value.Clone(), StringComparer.Ordinal);
                var description = fields.TryGetValue("description", out var d) ? d.GetString() ?? "" : "";
                cases.Add(new CorpusCase(file, kind, index++, description, isDecimal, fields));
            }
        }
    }
}
