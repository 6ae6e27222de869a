using DocStore.Metadata;

namespace DocStore;

/// <summary>Options of <see cref="DocStoreContext.GetCollection(string, BsonCollectionOptions)"/>. Every default is documented here and in docs/catalog.md.</summary>
public sealed class BsonCollectionOptions
{
    /// <summary>
    /// The key field of a collection the catalog does not know yet (or knows from a file written before the
    /// key convention was recorded). Default <c>_id</c>. A collection whose catalog records its key field
    /// keeps it; naming another one here is an <see cref="ArgumentException"/>.
    /// </summary>
    public string? KeyField { get; init; }

    /// <summary>How a new collection fills in a missing key on insert. Default <see cref="KeyGeneration.ObjectId"/>. The catalog's choice wins for a known collection.</summary>
    public KeyGeneration? KeyGeneration { get; init; }

    /// <summary>Indexes to create when the catalog lacks them; indexes the catalog has are kept (an untyped open never drops one). Default none.</summary>
    public IReadOnlyList<IndexDefinition> Indexes { get; init; } = [];
}
