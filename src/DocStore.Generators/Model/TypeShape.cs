namespace DocStore.Generators.Model;

/// <summary>
/// The storable shape of a type. <see cref="TypeName"/> is fully qualified (<c>global::</c>) and keeps
/// nullable annotations; <see cref="ValueTypeName"/> is the same without the outer <c>?</c> of a
/// <c>Nullable&lt;T&gt;</c>.
/// </summary>
/// <param name="Kind">The storage kind.</param>
/// <param name="TypeName">The type as written in generated code.</param>
/// <param name="ValueTypeName">The type without an outer <c>Nullable&lt;T&gt;</c>.</param>
/// <param name="IsNullableValue">True for <c>Nullable&lt;T&gt;</c>.</param>
/// <param name="IsReference">True for reference types (which may always hold null at run time).</param>
/// <param name="Element">The element (arrays, lists, sets) or value (dictionaries) shape.</param>
/// <param name="EnumUnderlying">For enums, the kind of the underlying integer type.</param>
/// <param name="ObjectKey">For nested objects, the key of their <see cref="ObjectModel"/>.</param>
internal sealed record TypeShape(
    ShapeKind Kind,
    string TypeName,
    string ValueTypeName,
    bool IsNullableValue,
    bool IsReference,
    TypeShape? Element,
    ShapeKind EnumUnderlying,
    string? ObjectKey)
{
    /// <summary>True for values stored as one BSON scalar (everything but documents and arrays).</summary>
    public bool IsScalar => Kind is not (ShapeKind.Object or ShapeKind.Array or ShapeKind.List
        or ShapeKind.ReadOnlyList or ShapeKind.HashSet or ShapeKind.Dictionary);

    /// <summary>True for arrays, lists and sets (stored as BSON arrays).</summary>
    public bool IsSequence => Kind is ShapeKind.Array or ShapeKind.List or ShapeKind.ReadOnlyList or ShapeKind.HashSet;

    /// <summary>True when the value may be null at run time.</summary>
    public bool CanBeNull => IsReference || IsNullableValue;
}
