namespace DocStore.Catalog;

/// <summary>An index as the catalog records it: its definition and the engine tree holding its entries.</summary>
/// <param name="Definition">The index as declared (name, uniqueness, multikey flag, paths).</param>
/// <param name="Tree">The engine tree of the index (a unique index maps index key -> primary key).</param>
internal sealed record IndexRecord(IndexDefinition Definition, string Tree);
