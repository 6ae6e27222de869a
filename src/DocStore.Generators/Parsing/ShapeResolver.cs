using DocStore.Generators.Diagnostics;
using DocStore.Generators.Model;
using Microsoft.CodeAnalysis;

namespace DocStore.Generators.Parsing;

/// <summary>
/// Maps a member's type to the <see cref="TypeShape"/> generated code reads and writes: scalars, enums, byte
/// arrays, sequences, string-keyed dictionaries and nested document types (parsed through the <see cref="ObjectParser"/>).
/// </summary>
internal sealed class ShapeResolver(ParseSession session, ObjectParser objects)
{
    /// <summary>Resolves a member's type to a storable shape, reporting at the member's type when it is not storable.</summary>
    public TypeShape? Resolve(ITypeSymbol type, ISymbol member, Location typeLocation)
    {
        string? problem = null;
        bool isAbstract = false;
        TypeShape? shape = Shape(type, member, typeLocation, ref problem, ref isAbstract);
        if (shape is not null)
        {
            return shape;
        }

        Location location = SourceLocations.MemberType(member, typeLocation);
        if (isAbstract)
        {
            session.Report(DiagnosticDescriptors.AbstractMemberType, location, member.Name, type.ToDisplayString());
        }
        else
        {
            session.Report(DiagnosticDescriptors.UnsupportedMemberType, location, member.Name, type.ToDisplayString(), problem is null ? string.Empty : " (" + problem + ")");
        }

        return null;
    }

    private TypeShape? Shape(ITypeSymbol type, ISymbol member, Location typeLocation, ref string? problem, ref bool isAbstract)
    {
        string name = TypeNames.Of(type);
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            TypeShape? inner = Shape(nullable.TypeArguments[0], member, typeLocation, ref problem, ref isAbstract);
            return inner is null ? null : inner with { TypeName = name, IsNullableValue = true };
        }

        bool reference = type.IsReferenceType;
        ShapeKind? scalar = ScalarKind(type);
        if (scalar is { } kind)
        {
            return Simple(kind, type, reference);
        }

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying })
        {
            return new TypeShape(ShapeKind.Enum, name, name, false, false, null, ScalarKind(underlying)!.Value, null);
        }

        if (type is IArrayTypeSymbol array)
        {
            if (array.Rank != 1)
            {
                problem = "only one-dimensional arrays are stored";
                return null;
            }

            if (array.ElementType.SpecialType == SpecialType.System_Byte)
            {
                return Simple(ShapeKind.Bytes, type, true);
            }

            return Sequence(ShapeKind.Array, array.ElementType, type, member, typeLocation, ref problem, ref isAbstract);
        }

        if (type is not INamedTypeSymbol named)
        {
            problem = "it is not a named type";
            return null;
        }

        if (named.IsGenericType)
        {
            string definition = TypeNames.MetadataName(named.OriginalDefinition);
            switch (definition)
            {
                case "System.Collections.Generic.List`1":
                    return Sequence(ShapeKind.List, named.TypeArguments[0], type, member, typeLocation, ref problem, ref isAbstract);
                case "System.Collections.Generic.IReadOnlyList`1":
                    return Sequence(ShapeKind.ReadOnlyList, named.TypeArguments[0], type, member, typeLocation, ref problem, ref isAbstract);
                case "System.Collections.Generic.HashSet`1":
                    return Sequence(ShapeKind.HashSet, named.TypeArguments[0], type, member, typeLocation, ref problem, ref isAbstract);
                case "System.Collections.Generic.Dictionary`2":
                    if (named.TypeArguments[0].SpecialType != SpecialType.System_String)
                    {
                        problem = "dictionary keys must be string";
                        return null;
                    }

                    return Sequence(ShapeKind.Dictionary, named.TypeArguments[1], type, member, typeLocation, ref problem, ref isAbstract);
            }
        }

        if (named.TypeKind == TypeKind.Interface || (named.IsAbstract && named.TypeKind == TypeKind.Class))
        {
            isAbstract = true;
            return null;
        }

        if (!IsDocumentType(named))
        {
            problem = null;
            return null;
        }

        ObjectEntry? entry = objects.Parse(named, SourceLocations.MemberType(member, typeLocation));
        return entry is null ? null : new TypeShape(ShapeKind.Object, name, name, false, reference, null, default, entry.Key);
    }

    /// <summary>User classes, structs and records; framework types (Uri, object, tuples, delegates...) are not documents.</summary>
    private static bool IsDocumentType(INamedTypeSymbol type)
    {
        if (type.TypeKind is not (TypeKind.Class or TypeKind.Struct) || type.SpecialType != SpecialType.None || type.IsTupleType)
        {
            return false;
        }

        string ns = type.ContainingNamespace?.ToDisplayString() ?? string.Empty;
        return ns != "System" && !ns.StartsWith("System.", System.StringComparison.Ordinal)
            && ns != "Microsoft" && !ns.StartsWith("Microsoft.", System.StringComparison.Ordinal);
    }

    private TypeShape? Sequence(ShapeKind kind, ITypeSymbol elementType, ITypeSymbol type, ISymbol member, Location typeLocation, ref string? problem, ref bool isAbstract)
    {
        TypeShape? element = Shape(elementType, member, typeLocation, ref problem, ref isAbstract);
        if (element is null)
        {
            return null;
        }

        string name = TypeNames.Of(type);
        return new TypeShape(kind, name, name, false, true, element, default, null);
    }

    private static TypeShape Simple(ShapeKind kind, ITypeSymbol type, bool reference)
    {
        string name = TypeNames.Of(type);
        return new TypeShape(kind, name, name, false, reference, null, default, null);
    }

    private static ShapeKind? ScalarKind(ITypeSymbol type) => type.SpecialType switch
    {
        SpecialType.System_Boolean => ShapeKind.Boolean,
        SpecialType.System_Byte => ShapeKind.Byte,
        SpecialType.System_SByte => ShapeKind.SByte,
        SpecialType.System_Int16 => ShapeKind.Int16,
        SpecialType.System_UInt16 => ShapeKind.UInt16,
        SpecialType.System_Int32 => ShapeKind.Int32,
        SpecialType.System_UInt32 => ShapeKind.UInt32,
        SpecialType.System_Int64 => ShapeKind.Int64,
        SpecialType.System_UInt64 => ShapeKind.UInt64,
        SpecialType.System_IntPtr => ShapeKind.IntPtr,
        SpecialType.System_UIntPtr => ShapeKind.UIntPtr,
        SpecialType.System_Char => ShapeKind.Char,
        SpecialType.System_Single => ShapeKind.Single,
        SpecialType.System_Double => ShapeKind.Double,
        SpecialType.System_Decimal => ShapeKind.Decimal,
        SpecialType.System_String => ShapeKind.String,
        SpecialType.System_DateTime => ShapeKind.DateTime,
        _ => TypeNames.MetadataName(type) switch
        {
            "System.Guid" => ShapeKind.Guid,
            KnownNames.ObjectId => ShapeKind.ObjectId,
            "System.DateTimeOffset" => ShapeKind.DateTimeOffset,
            "System.DateOnly" => ShapeKind.DateOnly,
            "System.TimeOnly" => ShapeKind.TimeOnly,
            "System.TimeSpan" => ShapeKind.TimeSpan,
            _ => null,
        },
    };
}
