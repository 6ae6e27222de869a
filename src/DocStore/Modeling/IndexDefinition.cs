namespace DocStore.Modeling;

/// <summary>An index declared on a collection type.</summary>
/// <param name="Name">The index name (<c>AddressCity</c>), also used in query method names.</param>
/// <param name="Unique">True when no two documents may share a key.</param>
/// <param name="Multikey">True when a path expands over a sequence (one key per element).</param>
/// <param name="Paths">The indexed paths as declared (<c>Address.City</c>, <c>Tags[]</c>).</param>
public sealed record IndexDefinition(string Name, bool Unique, bool Multikey, IReadOnlyList<string> Paths);
