using System;
using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>The C-BSON serializer: a static writer and reader per document type, and the model's <c>Write</c> and <c>Read</c> over them.</summary>
internal sealed class SerializerEmitter(CollectionEmitContext context)
{
    /// <summary>The model's <c>Write</c> and <c>Read</c>, over the collection type's static writer and reader.</summary>
    public void EmitModelMembers(SourceWriter w)
    {
        ObjectNames root = context.ObjectNames[context.Root.Key];
        w.Line("/// <inheritdoc />");
        w.Open($"public void Write(ref {RuntimeNames.Writer} writer, {context.T} document, {RuntimeNames.Resolver} fields)");
        if (!context.Root.IsValueType)
        {
            w.Line("global::System.ArgumentNullException.ThrowIfNull(document);");
        }

        w.Line("global::System.ArgumentNullException.ThrowIfNull(fields);");
        w.Line($"{root.Write}(ref writer, document, fields);");
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public {context.T} Read(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(fields);");
        w.Line($"var reader = new {RuntimeNames.Reader}(document);");
        w.Open("try");
        w.Line($"return {root.Read}(ref reader, fields);");
        w.Close();
        w.Open($"catch ({RuntimeNames.SchemaException} e)");
        w.Line($"throw e.InCollection(CollectionName, KeyText(document, fields));");
        w.Close();
        w.Close();
        w.Line();
        w.Line("/// <summary>The document's key as text for error messages, or null when it cannot be read either.</summary>");
        w.Open("private static string? KeyText(global::System.ReadOnlySpan<byte> document, " + RuntimeNames.Resolver + " fields)");
        w.Open("try");
        w.Line($"return {context.Outer}.{context.KeyReader}(document, fields, out var key) ? key.ToString() : null;");
        w.Close();
        w.Open($"catch ({RuntimeNames.SchemaException})");
        w.Line("return null;");
        w.Close();
        w.Close();
        w.Line();
    }

    /// <summary>One writer and one reader per document type: <c>WritePerson</c>, <c>ReadPerson</c>, <c>WriteAddress</c>, ...</summary>
    public void EmitStatics(SourceWriter w)
    {
        foreach (ObjectModel obj in context.Model.Objects)
        {
            EmitWriteObject(w, obj);
            EmitReadObject(w, obj);
        }
    }

    private void EmitWriteObject(SourceWriter w, ObjectModel obj)
    {
        var locals = new NameScope("writer", "fields");
        string ids = locals.Take("ids");
        string value = locals.Take(Names.Camel(obj.Key));
        w.Open($"private static void {context.ObjectNames[obj.Key].Write}(ref {RuntimeNames.Writer} writer, {obj.TypeName} {value}, {RuntimeNames.Resolver} fields)");
        w.Line($"{RuntimeNames.FieldIds} {ids} = {context.FieldMaps[obj.Key]}.ForWrite(fields);");
        w.Line("writer.WriteStartDocument();");
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            w.Line($"writer.WriteFieldId({ids}[{context.MemberConstants[obj.Key][i]}]);");
            context.Values.Write(w, member.Type, context.Accessors.Getter(obj, member, value), locals, Names.Camel(member.Name));
        }

        w.Line("writer.WriteEndDocument();");
        w.Close();
        w.Line();
    }

    /// <summary>
    /// Reads a document type from the elements of the document the reader is in. Members set after
    /// construction are only assigned when the document has them, so a missing field keeps the member's
    /// initializer value.
    /// </summary>
    private void EmitReadObject(SourceWriter w, ObjectModel obj)
    {
        var locals = new NameScope("reader", "fields");
        string ids = locals.Take("ids");
        string result = locals.Take(Names.Camel(obj.Key));
        w.Open($"private static {obj.TypeName} {context.ObjectNames[obj.Key].Read}(ref {RuntimeNames.Reader} reader, {RuntimeNames.Resolver} fields)");
        w.Line($"{RuntimeNames.FieldIds} {ids} = {context.FieldMaps[obj.Key]}.ForRead(fields);");
        if (obj.Members.All(NeedsPresenceFlag))
        {
            EmitReadIntoResult(w, obj, ids, result);
            return;
        }

        // One local per member, and a presence flag for each one set after construction.
        var values = new string[obj.Members.Length];
        var flags = new string?[obj.Members.Length];
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            values[i] = locals.Take(Names.Camel(member.Name));
            w.Line($"{member.Type.TypeName} {values[i]} = {DefaultOf(member.Type)};");
            if (NeedsPresenceFlag(member))
            {
                flags[i] = locals.Take("has" + Names.Pascal(member.Name));
                w.Line($"bool {flags[i]} = false;");
            }
        }

        EmitFieldSwitch(w, obj, ids, (member, i, value) => flags[i] is { } flag ? [$"{values[i]} = {value};", $"{flag} = true;"] : [$"{values[i]} = {value};"]);
        w.Line();

        var arguments = new List<string>(new string[obj.ConstructorParameterCount]);
        var initializers = new List<string>();
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            if (member.Assignment == MemberAssignment.Constructor)
            {
                arguments[member.ConstructorIndex] = values[i];
            }
            else if (member.Assignment == MemberAssignment.Required)
            {
                initializers.Add($"{member.Name} = {values[i]},");
            }
        }

        // With no member to set afterwards, the new object is returned as it is constructed.
        bool setsAfter = flags.Any(flag => flag is not null);
        string construct = setsAfter ? $"var {result} = new {obj.TypeName}" : $"return new {obj.TypeName}";
        if (initializers.Count == 0)
        {
            w.Line($"{construct}({string.Join(", ", arguments)});");
        }
        else
        {
            w.Line($"{construct}({string.Join(", ", arguments)})");
            w.Line("{");
            foreach (string initializer in initializers)
            {
                w.Line("    " + initializer);
            }

            w.Line("};");
        }

        if (!setsAfter)
        {
            w.Close();
            w.Line();
            return;
        }

        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            if (flags[i] is not { } flag)
            {
                continue;
            }

            w.Open($"if ({flag})");
            w.Line(context.Accessors.Setter(obj, member, result, values[i]));
            w.Close();
        }

        w.Line($"return {result};");
        w.Close();
        w.Line();
    }

    /// <summary>
    /// The reader for a type built with no arguments and no required members: it is constructed first and
    /// each field is assigned as it is read, so nothing is held in locals in between (which, with a
    /// presence flag per member, outnumbered the registers and spilled on every element).
    /// </summary>
    private void EmitReadIntoResult(SourceWriter w, ObjectModel obj, string ids, string result)
    {
        w.Line($"var {result} = new {obj.TypeName}();");
        EmitFieldSwitch(w, obj, ids, (member, _, value) => [context.Accessors.Setter(obj, member, result, value)]);
        w.Line();

        w.Line($"return {result};");
        w.Close();
        w.Line();
    }

    /// <summary>
    /// The loop over a document's elements: one case per member, whose statements <paramref name="store"/>
    /// gives for the member, its index and the expression that reads its value; unknown fields are skipped.
    /// </summary>
    private void EmitFieldSwitch(SourceWriter w, ObjectModel obj, string ids, Func<MemberModel, int, string, string[]> store)
    {
        w.Open("while (reader.Read())");
        w.Open($"switch ({ids}.MemberOf(reader.FieldId))");
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            string[] statements = store(member, i, context.Values.Read(member.Type, "reader", Names.Literal(member.StoredName)));
            w.Line($"case {context.MemberConstants[obj.Key][i]}:");
            w.Line("    {");
            if (!member.Type.CanBeNull)
            {
                // A stored null in a non-nullable value member keeps the member's default, like a missing field.
                w.Line($"        if (reader.Type != {RuntimeNames.BsonType}.Null)");
                w.Line("        {");
                foreach (string statement in statements)
                {
                    w.Line("            " + statement);
                }

                w.Line("        }");
            }
            else
            {
                foreach (string statement in statements)
                {
                    w.Line("        " + statement);
                }
            }

            w.Line("        break;");
            w.Line("    }");
        }

        w.Line("default:");
        w.Line("    // A stored field this type no longer has: skipped, so old documents keep reading.");
        w.Line("    break;");
        w.Close();
        w.Close();
    }

    /// <summary>The initial value of a member's local: <c>default</c>, with <c>!</c> only for a non-nullable reference.</summary>
    private static string DefaultOf(TypeShape shape) =>
        shape.IsReference && !shape.TypeName.EndsWith("?", StringComparison.Ordinal) ? "default!" : "default";

    /// <summary>
    /// Members set after construction are only assigned when the document has them, so a missing
    /// field keeps the member's initializer value. Constructor and required members are always passed.
    /// </summary>
    private static bool NeedsPresenceFlag(MemberModel member) =>
        member.Assignment is not (MemberAssignment.Constructor or MemberAssignment.Required);
}
