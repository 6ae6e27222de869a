using System.ComponentModel;
using DocStore.Bson;

namespace DocStore.Linq.Compiled;

/// <summary>A compiled LINQ projection over a stored document's bytes, through the generated field readers. Generated code only.</summary>
/// <typeparam name="TResult">The projection's result type.</typeparam>
/// <param name="document">The stored C-BSON document.</param>
/// <param name="fields">The collection's field dictionary.</param>
/// <param name="result">The result, when the method returns true.</param>
/// <returns>True when every selected field was present; false to project the deserialized document instead.</returns>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate bool StoredProjection<TResult>(ReadOnlySpan<byte> document, IFieldDictionary fields, out TResult result);
