using System.Buffers;
using System.Reflection;
using DocStore.Bson;

namespace DocStore.Linq.Translation;

/// <summary>
/// Which member paths read a missing field as something other than the type's default: the document type
/// is read from a document holding only the parent objects, empty, and each member on the path compared
/// with its type's default. Initializers, constructor bodies and nested objects created by an initializer
/// all show there, whatever the generator could see of them. When that document cannot be built or read,
/// the path is treated as initialized, which costs a deserialization per missing value and is always exact.
/// </summary>
internal static class InitializedMembers
{
    public static bool Any(TranslationContext context, IReadOnlyList<MemberInfo> members)
    {
        if (context.Reader is not { } read)
        {
            return false;
        }

        for (var depth = 0; depth < members.Count; depth++)
        {
            var owner = Prototype(context, read, members, depth);
            if (owner is null)
            {
                return true;
            }

            var value = Get(members[depth], owner);
            if (!Equals(value, ClrDefaults.Of(TypeOf(members[depth]))))
            {
                return true;
            }
        }

        return false;
    }

    /// <summary>The member's value on <paramref name="owner"/>.</summary>
    public static object? Get(MemberInfo member, object owner) => member switch
    {
        PropertyInfo property => property.GetValue(owner),
        FieldInfo field => field.GetValue(owner),
        _ => null,
    };

    private static Type TypeOf(MemberInfo member) => member switch
    {
        PropertyInfo property => property.PropertyType,
        FieldInfo field => field.FieldType,
        _ => typeof(object),
    };

    /// <summary>The object at <paramref name="depth"/> of a document whose parents down to it are present and empty; null when unknown.</summary>
    private static object? Prototype(TranslationContext context, DocumentReader read, IReadOnlyList<MemberInfo> members, int depth)
    {
        var buffer = new ArrayBufferWriter<byte>(64);
        var writer = new CBsonWriter(buffer);
        writer.WriteStartDocument();
        for (var i = 0; i < depth; i++)
        {
            if (!context.Fields.TryGetId(MemberResolver.StoredName(members[i]), out var id))
            {
                return null;
            }

            writer.WriteFieldId(id);
            writer.WriteStartDocument();
        }

        for (var i = 0; i <= depth; i++)
        {
            writer.WriteEndDocument();
        }

        object? current;
        try
        {
            current = read(buffer.WrittenMemory, context.Fields);
        }
        catch (Exception e) when (e is DocumentSchemaException or ArgumentException or InvalidOperationException or NullReferenceException)
        {
            return null;
        }

        for (var i = 0; i < depth && current is not null; i++)
        {
            current = Get(members[i], current);
        }

        return current;
    }
}
