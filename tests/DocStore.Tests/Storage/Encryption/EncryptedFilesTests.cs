using System.Text;
using DocStore.Bson.Model;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.Encryption;

/// <summary>
/// No byte of a value written to an encrypted database appears in the clear in any file the database
/// writes: the database file, the WAL, the redo log, the backup lock file, a backup and a compacted copy.
/// </summary>
public sealed class EncryptedFilesTests : IDisposable
{
    private const int Documents = 300;
    private readonly TempDirectory _dir = new();

    public void Dispose() => _dir.Dispose();

    internal static byte[] TestKey { get; } = Enumerable.Range(1, 32).Select(i => (byte)(i * 7)).ToArray();

    [UnixFact]
    public void No_file_of_an_encrypted_database_holds_any_written_value_in_the_clear()
    {
        var values = Write(new DocStoreOptions { EncryptionKey = TestKey, PageSize = 1024, AutoCheckpointFrames = 100_000 }, out var filesWhileOpen);

        // While it was open the logs held the recent commits; after close, the file, its copies and logs.
        var files = Directory.GetFiles(_dir.Path);
        Assert.Contains(files, f => f.EndsWith("-wal", StringComparison.Ordinal));
        Assert.Contains(files, f => f.EndsWith("backup.db", StringComparison.Ordinal));
        Assert.Contains(files, f => f.EndsWith("compact.db", StringComparison.Ordinal));
        foreach (var (file, bytes) in filesWhileOpen.Concat(files.Select(f => (f, File.ReadAllBytes(f)))))
        {
            foreach (var value in values)
            {
                Assert.True(bytes.AsSpan().IndexOf(value) < 0, $"'{Encoding.UTF8.GetString(value)}' is in the clear in {file}");
            }
        }

        // The copies open under the key and hold every document.
        foreach (var copy in new[] { "backup.db", "compact.db", "app.db" })
        {
            using var db = DocStoreDatabase.Open(_dir.File(copy), new DocStoreOptions { EncryptionKey = TestKey });
            Assert.Equal(Documents, db.GetCollection("people").Count());
        }
    }

    [UnixFact]
    public void The_same_workload_without_a_key_leaves_values_in_the_clear()
    {
        // The check above can fail: without encryption the files do hold the values.
        var values = Write(new DocStoreOptions { PageSize = 1024, AutoCheckpointFrames = 100_000 }, out var filesWhileOpen);
        var all = filesWhileOpen.Select(f => f.Bytes).Concat(Directory.GetFiles(_dir.Path).Select(File.ReadAllBytes)).ToList();
        Assert.All(values, value => Assert.Contains(all, bytes => bytes.AsSpan().IndexOf(value) >= 0));
    }

    // Writes documents with distinct strings (some spanning overflow pages), reads every file while the
    // database is open, then backs up, compacts to a copy, compacts in place and closes.
    private List<byte[]> Write(DocStoreOptions options, out List<(string File, byte[] Bytes)> whileOpen)
    {
        var values = new List<byte[]>();
        using (var db = DocStoreDatabase.Open(_dir.File("app.db"), options))
        {
            var people = db.GetCollection("people");
            for (var i = 0; i < Documents; i++)
            {
                var name = $"zq-name-{i:D5}-plain";
                var note = i % 50 == 0 ? string.Concat(Enumerable.Repeat($"long-note-{i:D5}|", 400)) : $"zq-note-{i:D5}";
                people.Insert(new BsonDocument { { "_id", i }, { "name", name }, { "note", note } });
                values.Add(Encoding.UTF8.GetBytes(name));
                values.Add(Encoding.UTF8.GetBytes(i % 50 == 0 ? $"long-note-{i:D5}|" : note));
            }

            whileOpen = Directory.GetFiles(_dir.Path).Select(f => (f, LockedFileBytes.Read(f))).ToList();
            db.Backup(_dir.File("backup.db"));
            db.Compact(_dir.File("compact.db"));
            db.Compact();
        }

        return values;
    }
}
