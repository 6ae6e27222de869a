using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>Per-kind facts: which writer call, which stored-value reader, which index-key conversion.</summary>
internal static class ShapeCode
{
    /// <summary>The writer call for a non-null scalar held in <paramref name="value"/>.</summary>
    public static string WriteScalar(ShapeKind kind, string value, TypeShape shape) => kind switch
    {
        ShapeKind.Boolean => $"writer.WriteBoolean({value});",
        ShapeKind.Byte or ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.UInt16 or ShapeKind.Int32 or ShapeKind.Char => $"writer.WriteInt32({value});",
        ShapeKind.UInt32 or ShapeKind.Int64 or ShapeKind.IntPtr => $"writer.WriteInt64({value});",
        ShapeKind.UInt64 => $"writer.WriteDecimal({value});",
        ShapeKind.UIntPtr => $"writer.WriteDecimal((ulong){value});",
        ShapeKind.Single or ShapeKind.Double => $"writer.WriteDouble({value});",
        ShapeKind.Decimal => $"writer.WriteDecimal({value});",
        ShapeKind.String => $"writer.WriteString({value});",
        ShapeKind.Guid => $"writer.WriteGuid({value});",
        ShapeKind.ObjectId => $"writer.WriteObjectId({value});",
        ShapeKind.DateTime => $"writer.WriteDateTime({value});",
        ShapeKind.DateTimeOffset => $"writer.WriteDateTimeOffset({value});",
        ShapeKind.DateOnly => $"writer.WriteDateOnly({value});",
        ShapeKind.TimeOnly => $"writer.WriteTimeOnly({value});",
        ShapeKind.TimeSpan => $"writer.WriteTimeSpan({value});",
        ShapeKind.Bytes => $"writer.WriteBinary({value}, global::DocStore.Bson.BsonBinarySubtype.Generic);",
        ShapeKind.Enum => WriteScalar(shape.EnumUnderlying, $"({Underlying(shape.EnumUnderlying)}){value}", shape),
        _ => throw new System.ArgumentOutOfRangeException(nameof(kind)),
    };

    /// <summary>The <c>StoredValue</c> method that reads a kind, converting compatible stored types.</summary>
    public static string ReadMethod(ShapeKind kind) => kind switch
    {
        ShapeKind.Bytes => "ReadBytes",
        _ => "Read" + kind,
    };

    /// <summary>The C# keyword of an enum's underlying kind.</summary>
    public static string Underlying(ShapeKind kind) => kind switch
    {
        ShapeKind.Byte => "byte",
        ShapeKind.SByte => "sbyte",
        ShapeKind.Int16 => "short",
        ShapeKind.UInt16 => "ushort",
        ShapeKind.Int32 => "int",
        ShapeKind.UInt32 => "uint",
        ShapeKind.Int64 => "long",
        _ => "ulong",
    };

    /// <summary>
    /// The value to pass to <c>IndexKeyBuilder.Append</c> for a non-null scalar: integers widen to
    /// long (unsigned 64-bit to ulong), floats to double, enums to their underlying integer.
    /// </summary>
    public static string KeyValue(TypeShape shape, string value) =>
        KeyWidening(shape) is { } type ? $"({type}){value}" : value;

    /// <summary>
    /// The value to pass to <c>IndexKeyBuilder.Append</c> for a scalar that may be null: widened to the
    /// nullable form of the same type, so the builder's nullable overload writes a null component for it.
    /// </summary>
    public static string NullableKeyValue(TypeShape shape, string value) =>
        KeyWidening(shape) is { } type ? $"({type}?){value}" : value;

    /// <summary>The type a scalar widens to for its key component, or null when it is appended as it is.</summary>
    private static string? KeyWidening(TypeShape shape) => shape.Kind switch
    {
        ShapeKind.Byte or ShapeKind.SByte or ShapeKind.Int16 or ShapeKind.UInt16 or ShapeKind.Int32 or ShapeKind.UInt32
            or ShapeKind.Int64 or ShapeKind.IntPtr or ShapeKind.Char => "long",
        ShapeKind.UInt64 or ShapeKind.UIntPtr => "ulong",
        ShapeKind.Single => "double",
        ShapeKind.Enum => shape.EnumUnderlying is ShapeKind.UInt64 ? "ulong" : "long",
        _ => null,
    };

    /// <summary>The type name without an outer nullable annotation, usable after <c>new</c>.</summary>
    public static string Constructible(TypeShape shape) =>
        shape.IsReference && shape.TypeName.EndsWith("?", System.StringComparison.Ordinal)
            ? shape.TypeName.Substring(0, shape.TypeName.Length - 1)
            : shape.ValueTypeName;
}
