using DocStore.Bson.Model;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Copy;

/// <summary>Where `docstore copy` reads: the collections, then each one's documents in key order.</summary>
internal interface ICopySource : IDisposable
{
    IReadOnlyList<CopiedCollection> Collections();

    IEnumerable<BsonDocument> Documents(CopiedCollection collection);
}

/// <summary>
/// Where `docstore copy` writes: nothing is visible there until <see cref="Publish"/>, and disposing
/// without it leaves the destination as it was.
/// </summary>
internal interface ICopyDestination : IDisposable
{
    /// <summary>Refuses a destination that already has data (unless <paramref name="force"/>) and makes room for the copy.</summary>
    void Prepare(IReadOnlyList<CopiedCollection> collections, bool force);

    void Write(CopiedCollection collection, IEnumerable<BsonDocument> documents);

    /// <summary>The documents written, read back in key order, before they are published.</summary>
    IEnumerable<BsonDocument> ReadBack(CopiedCollection collection);

    void Publish();
}
