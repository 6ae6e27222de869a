using DocStore.Bson.Model;
using DocStore.Cli.Hosting;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Copy;

/// <summary>An embedded database read for a copy: opened read-only and shared, so it reads beside a running application.</summary>
internal sealed class FileSource(string path) : ICopySource
{
    private readonly DocStoreDatabase _db = DatabaseOpener.OpenExisting(path, readOnly: true);

    public IReadOnlyList<CopiedCollection> Collections() =>
        [.. _db.GetCollectionNames().Order(StringComparer.Ordinal).Select(name => CopiedCollection.Of(_db.GetCollection(name)))];

    public IEnumerable<BsonDocument> Documents(CopiedCollection collection) => _db.GetCollection(collection.Name).FindAll();

    public void Dispose() => _db.Dispose();
}
