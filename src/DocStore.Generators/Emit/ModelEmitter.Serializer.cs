using System;
using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

internal sealed partial class ModelEmitter
{
    private void EmitSerializer(SourceWriter w)
    {
        w.Line("/// <inheritdoc />");
        w.Open($"public void Write(ref {RuntimeNames.Writer} writer, {T} document, {RuntimeNames.Resolver} fields)");
        if (!Root.IsValueType)
        {
            w.Line("global::System.ArgumentNullException.ThrowIfNull(document);");
        }

        w.Line("global::System.ArgumentNullException.ThrowIfNull(fields);");
        w.Line($"Write_{Root.Key}(ref writer, document, fields);");
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public {T} Read(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(fields);");
        w.Line($"var reader = new {RuntimeNames.Reader}(document);");
        w.Open("try");
        w.Line($"return Read_{Root.Key}(ref reader, fields);");
        w.Close();
        w.Open($"catch ({RuntimeNames.SchemaException} e)");
        w.Line($"throw e.InCollection(CollectionName, KeyText(document, fields));");
        w.Close();
        w.Close();
        w.Line();
        w.Line("/// <summary>The document's key as text for error messages, or null when it cannot be read either.</summary>");
        w.Open("private static string? KeyText(global::System.ReadOnlySpan<byte> document, " + RuntimeNames.Resolver + " fields)");
        w.Open("try");
        w.Line($"return TryRead{_model.Key.MemberName}(document, fields, out var key) ? key.ToString() : null;");
        w.Close();
        w.Open($"catch ({RuntimeNames.SchemaException})");
        w.Line("return null;");
        w.Close();
        w.Close();
        w.Line();

        foreach (ObjectModel obj in _model.Objects)
        {
            EmitWriteObject(w, obj);
            EmitReadObject(w, obj);
        }
    }

    private void EmitWriteObject(SourceWriter w, ObjectModel obj)
    {
        string type = obj.TypeName;
        w.Open($"private static void Write_{obj.Key}(ref {RuntimeNames.Writer} writer, {type} value, {RuntimeNames.Resolver} fields)");
        w.Line($"{RuntimeNames.FieldIds} ids = s_fields_{obj.Key}.ForWrite(fields);");
        w.Line("writer.WriteStartDocument();");
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            w.Line($"writer.WriteFieldId(ids[{Names.Int(i)}]);");
            _values.Write(w, member.Type, Getter(obj, member, "value"));
        }

        w.Line("writer.WriteEndDocument();");
        w.Close();
        w.Line();
    }

    private void EmitReadObject(SourceWriter w, ObjectModel obj)
    {
        w.Open($"private static {obj.TypeName} Read_{obj.Key}(ref {RuntimeNames.Reader} reader, {RuntimeNames.Resolver} fields)");
        w.Line($"{RuntimeNames.FieldIds} ids = s_fields_{obj.Key}.ForRead(fields);");
        if (obj.Members.All(NeedsPresenceFlag))
        {
            EmitReadIntoResult(w, obj);
            return;
        }

        for (int i = 0; i < obj.Members.Length; i++)
        {
            w.Line($"{obj.Members[i].Type.TypeName} m{Names.Int(i)} = default!;");
            if (NeedsPresenceFlag(obj.Members[i]))
            {
                w.Line($"bool has{Names.Int(i)} = false;");
            }
        }

        EmitFieldSwitch(w, obj, (member, n, value) => NeedsPresenceFlag(member) ? [$"m{n} = {value};", $"has{n} = true;"] : [$"m{n} = {value};"]);
        w.Line();

        var arguments = new List<string>(new string[obj.ConstructorParameterCount]);
        var initializers = new List<string>();
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            if (member.Assignment == MemberAssignment.Constructor)
            {
                arguments[member.ConstructorIndex] = "m" + Names.Int(i);
            }
            else if (member.Assignment == MemberAssignment.Required)
            {
                initializers.Add($"{member.Name} = m{Names.Int(i)},");
            }
        }

        if (initializers.Count == 0)
        {
            w.Line($"var result = new {obj.TypeName}({string.Join(", ", arguments)});");
        }
        else
        {
            w.Line($"var result = new {obj.TypeName}({string.Join(", ", arguments)})");
            w.Line("{");
            foreach (string initializer in initializers)
            {
                w.Line("    " + initializer);
            }

            w.Line("};");
        }

        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            if (!NeedsPresenceFlag(member))
            {
                continue;
            }

            string n = Names.Int(i);
            w.Open($"if (has{n})");
            w.Line(Setter(obj, member.Name, member.Assignment, member.AccessorName, member.Type.TypeName, member.DeclaringTypeName, "result", "m" + n));
            w.Close();
        }

        w.Line("return result;");
        w.Close();
        w.Line();
    }

    /// <summary>
    /// The reader for a type built with no arguments and no required members: it is constructed first and
    /// each field is assigned as it is read, so nothing is held in locals in between (which, with a
    /// presence flag per member, outnumbered the registers and spilled on every element).
    /// </summary>
    private void EmitReadIntoResult(SourceWriter w, ObjectModel obj)
    {
        w.Line($"var result = new {obj.TypeName}();");
        EmitFieldSwitch(w, obj, (member, _, value) => [Setter(obj, member.Name, member.Assignment, member.AccessorName, member.Type.TypeName, member.DeclaringTypeName, "result", value)]);
        w.Line();

        w.Line("return result;");
        w.Close();
        w.Line();
    }

    /// <summary>
    /// The loop over a document's elements: one case per member, whose statements <paramref name="store"/>
    /// gives for the member, its index and the expression that reads its value; unknown fields are skipped.
    /// </summary>
    private void EmitFieldSwitch(SourceWriter w, ObjectModel obj, Func<MemberModel, string, string, string[]> store)
    {
        w.Open("while (reader.Read())");
        w.Open("switch (ids.MemberOf(reader.FieldId))");
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            string n = Names.Int(i);
            string[] statements = store(member, n, _values.Read(member.Type, "reader", Names.Literal(member.StoredName)));
            w.Line($"case {n}:");
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

    /// <summary>
    /// Members set after construction are only assigned when the document has them, so a missing
    /// field keeps the member's initializer value. Constructor and required members are always passed.
    /// </summary>
    private static bool NeedsPresenceFlag(MemberModel member) =>
        member.Assignment is not (MemberAssignment.Constructor or MemberAssignment.Required);
}
