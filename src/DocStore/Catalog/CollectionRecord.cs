using DocStore.Metadata;

namespace DocStore.Catalog;

/// <summary>A collection as the catalog records it.</summary>
/// <param name="Name">The collection name.</param>
/// <param name="PrimaryTree">The engine tree holding encoded primary key -> C-BSON document.</param>
/// <param name="KeyField">The stored name of the primary key field, or null in a record written before the key convention was recorded.</param>
/// <param name="KeyGeneration">How a missing key is generated on insert (meaningful with <paramref name="KeyField"/>).</param>
internal sealed record CollectionRecord(string Name, string PrimaryTree, string? KeyField = null, KeyGeneration KeyGeneration = KeyGeneration.None);
