using DocStore.BTree;
using DocStore.Engine;
using DocStore.Storage;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Engine;

/// <summary>
/// The set-up the engine benchmarks share: a DocStore tree <c>t</c> and a SQLite table
/// <c>kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID</c> of 8-byte keys (<see cref="BenchmarkFiles.Key"/>)
/// and 100-byte values, each filled in one transaction, prepared SQLite statements with their key as
/// parameter 0, and the get loop both engines run.
/// </summary>
internal static class KeyValueFixture
{
    public const string Tree = "t";

    /// <summary>The 100-byte value every row holds: the same pseudo-random bytes for every benchmark.</summary>
    public static byte[] NewValue()
    {
        var value = new byte[100];
        new Random(1).NextBytes(value);
        return value;
    }

    /// <summary>Opens (creating) a DocStore file with the tree <see cref="Tree"/> in it.</summary>
    public static StorageEngine OpenDocStore(string path, StorageOptions options)
    {
        var engine = StorageEngine.Open(path, options);
        using var tx = engine.BeginWrite();
        tx.OpenOrCreateTree(Tree);
        tx.Commit();
        return engine;
    }

    /// <summary>Puts keys 0..<paramref name="keys"/>-1 into <see cref="Tree"/> in one transaction.</summary>
    public static void Fill(StorageEngine engine, int keys, byte[] value)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenTree(Tree)!;
        for (var i = 0; i < keys; i++)
        {
            tree.Put(BenchmarkFiles.Key(i), value);
        }

        tx.Commit();
    }

    /// <summary>Opens a SQLite connection (no pooling), runs <paramref name="pragmas"/> and creates <c>kv</c> if it is missing.</summary>
    public static SqliteConnection OpenSqlite(string path, string pragmas)
    {
        var connection = new SqliteConnection($"Data Source={path};Pooling=False");
        connection.Open();
        using var command = connection.CreateCommand();
        command.CommandText = pragmas + " CREATE TABLE IF NOT EXISTS kv (k BLOB PRIMARY KEY, v BLOB) WITHOUT ROWID;";
        command.ExecuteNonQuery();
        return connection;
    }

    /// <summary>Inserts keys 0..<paramref name="keys"/>-1 into <c>kv</c> in one transaction.</summary>
    public static void Fill(SqliteConnection connection, int keys, byte[] value)
    {
        using var tx = connection.BeginTransaction();
        using var insert = Prepare(connection, "INSERT INTO kv (k, v) VALUES ($k, $v)", value);
        insert.Transaction = tx;
        for (var i = 0; i < keys; i++)
        {
            insert.Parameters[0].Value = BenchmarkFiles.Key(i);
            insert.ExecuteNonQuery();
        }

        tx.Commit();
    }

    /// <summary>A prepared statement whose parameter 0 is the blob <c>$k</c>; with <paramref name="value"/>, <c>$v</c> is bound to it.</summary>
    public static SqliteCommand Prepare(SqliteConnection connection, string sql, byte[]? value = null)
    {
        var command = connection.CreateCommand();
        command.CommandText = sql;
        command.Parameters.Add("$k", SqliteType.Blob);
        if (value is not null)
        {
            command.Parameters.AddWithValue("$v", value);
        }

        command.Prepare();
        return command;
    }

    /// <summary>Inserts <paramref name="rows"/> rows with keys from <paramref name="next"/> on, in one SQLite transaction, through the prepared <c>INSERT</c> <paramref name="insert"/>.</summary>
    public static void Commit(SqliteConnection connection, SqliteCommand insert, ref long next, int rows)
    {
        using var tx = connection.BeginTransaction();
        insert.Transaction = tx;
        for (var i = 0; i < rows; i++)
        {
            insert.Parameters[0].Value = BenchmarkFiles.Key(next++);
            insert.ExecuteNonQuery();
        }

        tx.Commit();
    }

    /// <summary>Puts <paramref name="rows"/> rows with keys from <paramref name="next"/> on into <see cref="Tree"/>, in one DocStore transaction.</summary>
    public static void Commit(StorageEngine engine, byte[] value, ref long next, int rows)
    {
        using var tx = engine.BeginWrite();
        var tree = tx.OpenTree(Tree)!;
        for (var i = 0; i < rows; i++)
        {
            tree.Put(BenchmarkFiles.Key(next++), value);
        }

        tx.Commit();
    }

    /// <summary>Gets every key with a prepared <c>SELECT v FROM kv WHERE k = $k</c>; returns the bytes read.</summary>
    public static long GetEach(SqliteCommand select, byte[][] keys)
    {
        long total = 0;
        foreach (var key in keys)
        {
            select.Parameters[0].Value = key;
            using var reader = select.ExecuteReader();
            reader.Read();
            total += reader.GetStream(0).Length;
        }

        return total;
    }

    /// <summary>Gets every key from an opened tree; returns the bytes read.</summary>
    public static long GetEach(Tree tree, byte[][] keys)
    {
        long total = 0;
        foreach (var key in keys)
        {
            tree.TryGet(key, out var value);
            total += value.Length;
        }

        return total;
    }
}
