using DocStore.Bson;

namespace DocStore.Collections;

/// <summary>A test of a stored document's bytes, before it is deserialized (compiled LINQ filters).</summary>
/// <param name="document">The stored C-BSON document.</param>
/// <param name="fields">The field dictionary to read its names with.</param>
/// <returns>True to return the document.</returns>
internal delegate bool StoredTest(ReadOnlySpan<byte> document, IFieldDictionary fields);
