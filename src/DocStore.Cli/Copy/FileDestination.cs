using DocStore.Bson.Model;
using DocStore.Cli.Hosting;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Copy;

/// <summary>
/// An embedded database a copy writes: built in a staging folder beside the destination, then published with
/// <see cref="DocStoreContext.BackupFile(string, string, DocStoreEncryption, bool)"/> (staged, checked and renamed into place), so a failed or killed
/// copy never leaves a file at the destination.
/// </summary>
internal sealed class FileDestination(string path) : ICopyDestination
{
    private readonly string _stage = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(path))!, $".{Path.GetFileName(path)}.copy-{Guid.NewGuid():N}");
    private DocStoreDatabase? _db;
    private bool _force;

    private string StagedFile => Path.Combine(_stage, "copy.db");

    public void Prepare(IReadOnlyList<CopiedCollection> collections, bool force)
    {
        if (File.Exists(path) && !force)
        {
            throw new CliFailureException($"'{path}' exists; pass --force to replace it, or choose another file.");
        }

        _force = force;
        Directory.CreateDirectory(_stage);
        // With --password (or DOCSTORE_PASSWORD) the copy is encrypted under it, as every file the tool creates.
        _db = DocStoreDatabase.Open(StagedFile, DatabaseOpener.Password is { } password ? new DocStoreOptions { Password = password } : null);
    }

    public void Write(CopiedCollection collection, IEnumerable<BsonDocument> documents)
    {
        var target = _db!.GetCollection(collection.Name, collection.Options);
        using var transaction = _db.BeginTransaction();
        target.InsertMany(transaction, documents);
        transaction.Commit();
    }

    public IEnumerable<BsonDocument> ReadBack(CopiedCollection collection) => _db!.GetCollection(collection.Name).FindAll();

    public void Publish()
    {
        _db!.Dispose();
        _db = null;
        var encryption = DatabaseOpener.Password is { } password ? DocStoreEncryption.WithPassword(password) : DocStoreEncryption.None;
        DocStoreContext.BackupFile(StagedFile, path, encryption, _force);
    }

    public void Dispose()
    {
        _db?.Dispose();
        if (Directory.Exists(_stage))
        {
            Directory.Delete(_stage, recursive: true);
        }
    }
}
