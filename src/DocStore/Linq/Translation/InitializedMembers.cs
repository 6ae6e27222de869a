using System.Buffers;
using System.Reflection;
using DocStore.Bson;
using DocStore.Sql.Bound;

namespace DocStore.Linq.Translation;

/// <summary>
/// Which member paths read a missing field as something other than null through a missing parent and the
/// type's default at the end: the document type is read from a document holding only the parent objects
/// down to where it stops, empty, and the path read on it. Initializers, constructor bodies and nested
/// objects created by an initializer all show there, whatever the generator could see of them. When that
/// document cannot be built or read, the path is treated as initialized with an unknown value, which costs a
/// deserialization per missing value and is always exact.
/// </summary>
internal static class InitializedMembers
{
    /// <summary>How the path reads where the document stops storing it; null when as it would without initializers.</summary>
    public static MissingReading? Read(TranslationContext context, IReadOnlyList<MemberInfo> members)
    {
        if (context.Reader is not { } read)
        {
            return null;
        }

        var initialized = false;
        var known = true;
        var values = new List<object>();
        for (var depth = 0; depth < members.Count; depth++)
        {
            // Read twice: an initializer that draws a new value each time (a Guid, the clock) is no constant.
            if (!TryCut(context, read, members, depth, out var value) || !TryCut(context, read, members, depth, out var again))
            {
                return MissingReading.Unknown;
            }

            known &= Equals(value, again);
            var plain = depth == members.Count - 1 ? ClrDefaults.Of(TypeOf(members[depth])) : null;
            initialized |= !Equals(value, plain);
            if (value is not null && !values.Contains(value))
            {
                values.Add(value);
            }
        }

        if (!initialized)
        {
            return null;
        }

        if (!known || values.Count > 1 || (values.Count == 1 && !ClrValues.Supports(values[0].GetType())))
        {
            return MissingReading.Unknown;
        }

        return new MissingReading(true, values.Count == 0 ? SqlValue.Null : ClrValues.ToSql(values[0]));
    }

    /// <summary>The path's value on a document that stops storing it at <paramref name="depth"/>; false when that document cannot be read.</summary>
    private static bool TryCut(TranslationContext context, DocumentReader read, IReadOnlyList<MemberInfo> members, int depth, out object? value)
    {
        value = null;
        var current = Prototype(context, read, members, depth);
        if (current is null)
        {
            return false;
        }

        for (var i = depth; i < members.Count && current is not null; i++)
        {
            current = Get(members[i], current);
        }

        value = current;
        return true;
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
