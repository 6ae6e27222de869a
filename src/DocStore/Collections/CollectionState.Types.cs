using DocStore.Collections.Typing;
using DocStore.Metadata;

namespace DocStore.Collections;

// The member types the catalog records for the collection (written when a typed model opens it), ready for
// untyped writes to convert to. They change only when an open rewrites the record, which sets them again.
internal sealed partial class CollectionState
{
    private TypedWrites? _typedWrites;

    /// <summary>The converter untyped writes apply, or null when the catalog records no member types.</summary>
    public TypedWrites? TypedWrites => Volatile.Read(ref _typedWrites);

    /// <summary>Takes the member types the catalog record now holds; a refused value is a <see cref="DocumentSchemaException"/>.</summary>
    /// <param name="types">The record's types, or null.</param>
    public void RecordTypes(IReadOnlyList<StoredFieldType>? types) =>
        Volatile.Write(ref _typedWrites, types is { Count: > 0 } ? new TypedWrites(Name, FieldType.ByPath(types)!, static r => r.ToSchemaException()) : null);
}
