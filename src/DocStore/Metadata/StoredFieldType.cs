using System.ComponentModel;

namespace DocStore.Metadata;

/// <summary>
/// The declared type of one stored path of a typed model, as the catalog records it (docs/catalog.md,
/// "Member types"). For generated code: the generator emits one per stored path.
/// </summary>
/// <param name="Path">The stored path: stored names joined by dots, <c>[]</c> after an array whose elements are documents (<c>Address.City</c>, <c>Lines[].Sku</c>).</param>
/// <param name="Type">The type text (<c>int32</c>, <c>datetime?</c>, <c>array&lt;string?&gt;</c>): the BSON-level kind the serializer writes, <c>?</c> when the member accepts null.</param>
[EditorBrowsable(EditorBrowsableState.Never)]
public sealed record StoredFieldType(string Path, string Type);
