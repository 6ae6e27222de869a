using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;
using DocStore.Benchmarks.Compare.Engines.Sqlite;

namespace DocStore.Benchmarks.Compare.Processes;

/// <summary>
/// The engines that open one file from several processes (DocStore shared, SQLite in WAL mode), and how a
/// child process opens the file a parent's engine created and loaded.
/// </summary>
internal static class PeerEngines
{
    /// <summary>The engines of every <c>procs_*</c> row, DocStore first.</summary>
    public static IReadOnlyList<string> Names { get; } = [EngineCatalog.DocStoreSharedName, EngineCatalog.SqliteName];

    /// <summary>The catalog name of a parent's engine and the folder of its files, or null for an engine that cannot share a file.</summary>
    public static (string Name, string Directory)? Describe(IDocumentEngine engine) => engine switch
    {
        DocStoreEngine { IsShared: true, DatabasePath: { } path } => (EngineCatalog.DocStoreSharedName, Path.GetDirectoryName(path)!),
        SqliteEngine { DatabasePath: { } path } => (EngineCatalog.SqliteName, Path.GetDirectoryName(path)!),
        _ => null,
    };

    /// <summary>Opens the existing database in <paramref name="directory"/> from a child: a DocStore reader opens it read-only, SQLite keeps its schema.</summary>
    public static IDocumentEngine Attach(string name, string directory, bool reader)
    {
        var config = new EngineConfig(directory, CommitDurability.Normal);
        return name switch
        {
            EngineCatalog.DocStoreSharedName => new DocStoreEngine(config, sharing: DocStoreSharing.Shared, readOnly: reader),
            EngineCatalog.SqliteName => new SqliteEngine(config, createSchema: false),
            _ => throw new ArgumentException($"compare-peer: engine '{name}' cannot open a file another process has open; engines here: {string.Join(", ", Names)}."),
        };
    }
}
