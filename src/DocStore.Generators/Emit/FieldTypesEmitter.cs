using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>The model's <c>FieldTypes</c>, and the stored spelling of index paths.</summary>
internal sealed class FieldTypesEmitter(CollectionEmitContext context)
{
    /// <summary>
    /// Emits <c>FieldTypes</c>: every stored path with the type text the runtime records in the catalog
    /// (docs/catalog.md, "Member types"), so writes without the model can convert values to what it reads.
    /// </summary>
    public void Emit(SourceWriter w)
    {
        var types = new List<(string Path, string Type)>();
        AddFieldTypes(context.Root, string.Empty, new HashSet<string> { context.Root.Key }, types);
        w.Line($"private static readonly {RuntimeNames.StoredFieldType}[] s_fieldTypes =");
        w.Line("[");
        foreach ((string path, string type) in types)
        {
            w.Line($"    new({Names.Literal(path)}, {Names.Literal(type)}),");
        }

        w.Line("];");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public {RuntimeNames.ReadOnlyList}<{RuntimeNames.StoredFieldType}> FieldTypes => s_fieldTypes;");
    }

    /// <summary>Adds the paths of <paramref name="owner"/>'s members; a type met again on the way down (a recursive model) stops there.</summary>
    private void AddFieldTypes(ObjectModel owner, string prefix, HashSet<string> open, List<(string Path, string Type)> types)
    {
        foreach (MemberModel member in owner.Members)
        {
            string path = prefix + member.StoredName;
            types.Add((path, TypeText(member.Type)));
            TypeShape shape = member.Type;
            string below = path + ".";
            if (shape.IsSequence && shape.Element!.Kind == ShapeKind.Object)
            {
                shape = shape.Element;
                below = path + "[].";
            }

            if (shape.Kind == ShapeKind.Object && open.Add(shape.ObjectKey!))
            {
                AddFieldTypes(context.ObjectOf(shape), below, open, types);
                open.Remove(shape.ObjectKey!);
            }
        }
    }

    /// <summary>The catalog's type text of a shape: what the serializer writes, with <c>?</c> when null is read back.</summary>
    private static string TypeText(TypeShape shape)
    {
        string name = shape.Kind switch
        {
            ShapeKind.Enum => KindText(shape.EnumUnderlying),
            ShapeKind.Object => "document",
            ShapeKind.Dictionary => "map<" + TypeText(shape.Element!) + ">",
            ShapeKind.Array or ShapeKind.List or ShapeKind.ReadOnlyList or ShapeKind.HashSet => "array<" + TypeText(shape.Element!) + ">",
            _ => KindText(shape.Kind),
        };
        return shape.CanBeNull ? name + "?" : name;
    }

    private static string KindText(ShapeKind kind) => kind switch
    {
        ShapeKind.Boolean => "bool",
        ShapeKind.IntPtr => "int64",
        ShapeKind.UIntPtr => "uint64",
        ShapeKind.Bytes => "binary",
        _ => kind.ToString().ToLowerInvariant(),
    };

    /// <summary>An index path in stored names (<c>mail</c> for a member <c>Email</c> stored as <c>mail</c>), as untyped and SQL writes address fields.</summary>
    public static string StoredPath(IndexComponent component) =>
        string.Join(".", component.Steps.Select(s => s.StoredName + (s.Expand ? "[]" : string.Empty)));
}
