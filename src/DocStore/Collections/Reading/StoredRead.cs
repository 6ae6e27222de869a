using DocStore.Bson;

namespace DocStore.Collections;

/// <summary>Builds a result from a stored document's bytes (compiled LINQ projections); false when a field it needs is missing or null.</summary>
/// <typeparam name="TResult">The result type.</typeparam>
/// <param name="document">The stored C-BSON document.</param>
/// <param name="fields">The field dictionary to read its names with.</param>
/// <param name="result">The result, when the method returns true.</param>
/// <returns>True when the result was built from the bytes alone.</returns>
internal delegate bool StoredRead<TResult>(ReadOnlySpan<byte> document, IFieldDictionary fields, out TResult result);
