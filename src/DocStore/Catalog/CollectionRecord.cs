using DocStore.Metadata;

namespace DocStore.Catalog;

/// <summary>A collection as the catalog records it.</summary>
/// <param name="Name">The collection name.</param>
/// <param name="PrimaryTree">The engine tree holding encoded primary key -> C-BSON document.</param>
/// <param name="KeyField">The stored name of the primary key field, or null in a record written before the key convention was recorded.</param>
/// <param name="KeyGeneration">How a missing key is generated on insert (meaningful with <paramref name="KeyField"/>).</param>
/// <param name="Types">The declared type of each stored path (the key field's among them) as the typed model owning the collection last stated them, or null when no typed model has (older files, untyped collections).</param>
/// <param name="Columns">The columns <c>CREATE TABLE</c> declared, in order, or null for a collection made without them.</param>
internal sealed record CollectionRecord(string Name, string PrimaryTree, string? KeyField = null, KeyGeneration KeyGeneration = KeyGeneration.None, IReadOnlyList<StoredFieldType>? Types = null, IReadOnlyList<TableColumn>? Columns = null)
{
    /// <summary>The declared type of the key field, or null when types are not recorded.</summary>
    public string? KeyType => Types?.FirstOrDefault(t => t.Path == KeyField)?.Type;
}
