using System.ComponentModel;
using DocStore.Bson;

namespace DocStore.Linq.Compiled;

/// <summary>A compiled LINQ filter over a stored document's bytes, through the generated field readers. Generated code only.</summary>
/// <param name="document">The stored C-BSON document.</param>
/// <param name="fields">The collection's field dictionary.</param>
/// <param name="state">The values of this execution, as the generated code packed them.</param>
/// <returns>True when the document passes.</returns>
[EditorBrowsable(EditorBrowsableState.Never)]
public delegate bool StoredFilter(ReadOnlySpan<byte> document, IFieldDictionary fields, object? state);
