using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>What `docstore import` was asked to do.</summary>
internal sealed record ImportOptions(
    string Database,
    string Collection,
    string File,
    DataFormat Format,
    bool JsonArray,
    bool Legacy,
    string? Types,
    int Batch,
    bool Upsert,
    bool SkipInvalid,
    bool Progress);
