using DocStore.Bson.Model;
using DocStore.Cli.Hosting;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Copy;

/// <summary>
/// An embedded database a copy writes: built in a staging folder beside the destination, then published with
/// <see cref="DocStoreContext.BackupFile"/> (staged, checked and renamed into place), so a failed or killed
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
        _db = DocStoreDatabase.Open(StagedFile);
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
        DocStoreContext.BackupFile(StagedFile, path, _force);
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
