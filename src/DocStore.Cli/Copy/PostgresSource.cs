using DocStore.Bson.Model;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Copy;

/// <summary>A PostgreSQL schema read for a copy, in one snapshot.</summary>
internal sealed class PostgresSource(PostgresAddress address) : ICopySource
{
    private readonly PostgresCopySource _source = PostgresCopySource.Open(address.ConnectionString);

    public IReadOnlyList<CopiedCollection> Collections() => _source.Collections();

    public IEnumerable<BsonDocument> Documents(CopiedCollection collection) => _source.Documents(collection);

    public void Dispose() => _source.Dispose();
}
