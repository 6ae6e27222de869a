namespace DocStore.Catalog;

/// <summary>A collection as the catalog records it.</summary>
/// <param name="Name">The collection name.</param>
/// <param name="PrimaryTree">The engine tree holding encoded primary key -> C-BSON document.</param>
public sealed record CollectionRecord(string Name, string PrimaryTree);
