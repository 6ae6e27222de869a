using System.Text.Json;
using DocStore.Benchmarks.Compare.Data;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>
/// SQLite through Microsoft.Data.Sqlite: one connection, WAL, <c>synchronous</c> per the workload's
/// durability, every statement prepared once and reused, documents as JSON text written and read with
/// System.Text.Json's source generator (<see cref="SqliteSchema"/>).
/// </summary>
internal sealed partial class SqliteEngine : IDocumentEngine
{
    /// <summary>DocStore's default cache (4096 pages of 8 KiB), in SQLite's negative-KiB form, so both get the same memory.</summary>
    private const int DefaultCacheKiB = 32 * 1024;

    private readonly string? _path;
    private readonly SqliteConnection _connection;
    private readonly Statements _sql;

    /// <param name="config">Where and how durably to open.</param>
    /// <param name="createSchema">Whether to create the tables (false: another process created them in the existing file).</param>
    public SqliteEngine(EngineConfig config, bool createSchema = true)
    {
        _path = config.Durability == CommitDurability.InMemory ? null : Path.Combine(config.Directory, "sqlite.db");
        _connection = Connect(_path);
        var synchronous = config.Durability switch
        {
            CommitDurability.Full => "FULL",
            CommitDurability.Normal => "NORMAL",
            _ => "OFF",
        };
        var cache = config.CachePages is { } pages ? pages.ToString(System.Globalization.CultureInfo.InvariantCulture) : "-" + DefaultCacheKiB;
        Execute(_connection, (_path is null ? "" : "PRAGMA journal_mode=WAL;") + $"PRAGMA synchronous={synchronous}; PRAGMA cache_size={cache};");
        if (createSchema)
        {
            Execute(_connection, SqliteSchema.Create);
        }

        _sql = new Statements(_connection);
    }

    public string Name => "SQLite";

    /// <summary>The database file, or null in memory.</summary>
    internal string? DatabasePath => _path;

    public long FileBytes => _path is null ? 0 : FileLength(_path) + FileLength(_path + "-wal") + FileLength(_path + "-shm");

    public void Dispose()
    {
        _sql.Dispose();
        _connection.Dispose();
    }

    private static SqliteConnection Connect(string? path)
    {
        var builder = new SqliteConnectionStringBuilder { DataSource = path ?? ":memory:", Pooling = false };
        var connection = new SqliteConnection(builder.ToString());
        connection.Open();
        return connection;
    }

    private static void Execute(SqliteConnection connection, string sql)
    {
        using var command = connection.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }

    private static long FileLength(string path) => File.Exists(path) ? new FileInfo(path).Length : 0;

    private static string Serialize(Person person) => JsonSerializer.Serialize(person, PersonJsonContext.Default.Person);

    /// <summary>Reads the JSON column as its UTF-8 bytes (no UTF-16 string in between), the cheapest path Microsoft.Data.Sqlite offers.</summary>
    private static Person Deserialize(SqliteDataReader reader) =>
        JsonSerializer.Deserialize(reader.GetFieldValue<byte[]>(0), PersonJsonContext.Default.Person)
        ?? throw new InvalidOperationException("SQLite returned a null document.");

    private static void ReadAll(SqliteCommand command, List<Person> into)
    {
        using var reader = command.ExecuteReader();
        while (reader.Read())
        {
            into.Add(Deserialize(reader));
        }
    }
}
