using DocStore.Bson.Model;
using DocStore.Cli.Hosting;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Copy;

/// <summary>
/// A PostgreSQL schema a copy writes, in one transaction: the collections' tables, rows and entries appear
/// together at the commit or not at all. With --force the copied collections' existing tables are dropped
/// in that transaction; other tables of the schema are left alone.
/// </summary>
internal sealed class PostgresDestination(PostgresAddress address) : ICopyDestination
{
    private readonly PostgresCopyTarget _target = PostgresCopyTarget.Begin(address.ConnectionString);

    public void Prepare(IReadOnlyList<CopiedCollection> collections, bool force)
    {
        foreach (var collection in collections)
        {
            var existing = _target.ExistingTables(collection.Name);
            if (existing.Count == 0)
            {
                continue;
            }

            if (!force)
            {
                throw new CliFailureException($"{address.Description} already has collection '{collection.Name}' (tables {string.Join(", ", existing)}); pass --force to replace the collections copied, or choose another schema (Search Path).");
            }

            _target.Drop(collection.Name);
        }
    }

    public void Write(CopiedCollection collection, IEnumerable<BsonDocument> documents)
    {
        _target.Create(collection).Write(documents);
    }

    public IEnumerable<BsonDocument> ReadBack(CopiedCollection collection) => _target.Documents(collection);

    public void Publish() => _target.Commit();

    public void Dispose() => _target.Dispose();
}
