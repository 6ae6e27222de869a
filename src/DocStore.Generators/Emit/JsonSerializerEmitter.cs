using System;
using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// The relaxed Extended JSON serializer: a static writer and reader per document type over
/// <c>Utf8JsonWriter</c>/<c>Utf8JsonReader</c>, and the model's <c>WriteJson</c> and <c>ReadJson</c> over them
/// (<c>IJsonDocumentSerializer&lt;T&gt;</c>). The text is what the converter gives the C-BSON serializer's output.
/// </summary>
internal sealed class JsonSerializerEmitter(CollectionEmitContext context)
{
    /// <summary>The model's <c>WriteJson</c> and <c>ReadJson</c>, and the key reader its errors use.</summary>
    public void EmitModelMembers(SourceWriter w)
    {
        ObjectNames root = context.JsonObjectNames[context.Root.Key];
        w.Line("/// <inheritdoc />");
        w.Open($"public void WriteJson({RuntimeNames.JsonWriter} writer, {context.T} document)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(writer);");
        if (!context.Root.IsValueType)
        {
            w.Line("global::System.ArgumentNullException.ThrowIfNull(document);");
        }

        w.Line($"{root.Write}(writer, document);");
        w.Close();
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line($"public {context.T} ReadJson(global::System.ReadOnlySpan<byte> utf8Json) => ReadJson(utf8Json, null);");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public {context.T} ReadJson(global::System.ReadOnlySpan<byte> utf8Json, {RuntimeNames.JsonStringTable}? strings)");
        w.Open("try");
        w.Line($"var reader = {RuntimeNames.JsonStoredValue}.Open(utf8Json);");
        w.Line($"return {root.Read}(ref reader, strings);");
        w.Close();
        w.Open($"catch ({RuntimeNames.SchemaException} e)");
        w.Line("throw e.InCollection(CollectionName, JsonKeyText(utf8Json));");
        w.Close();
        w.Close();
        w.Line();

        MemberModel key = CollectionEmitContext.FindMember(context.Root, context.Model.Key.MemberName);
        w.Line("/// <summary>The document's key as text for error messages, or null when it cannot be read either.</summary>");
        w.Open("private static string? JsonKeyText(global::System.ReadOnlySpan<byte> utf8Json)");
        w.Open("try");
        w.Line($"var reader = {RuntimeNames.JsonStoredValue}.Open(utf8Json);");
        w.Open($"while ({RuntimeNames.JsonStoredValue}.NextProperty(ref reader))");
        w.Open($"if (reader.ValueTextEquals({Names.Literal(key.StoredName)}u8))");
        w.Line("reader.Read();");
        w.Line($"return {context.JsonValues.ReadNonNull(key.Type, "reader", Names.Literal(key.StoredName), strings: "null")}.ToString();");
        w.Close();
        w.Line();
        w.Line($"{RuntimeNames.JsonStoredValue}.SkipValue(ref reader);");
        w.Close();
        w.Line();
        w.Line("return null;");
        w.Close();
        w.Open($"catch ({RuntimeNames.SchemaException})");
        w.Line("return null;");
        w.Close();
        w.Open("catch (global::System.Text.Json.JsonException)");
        w.Line("return null;");
        w.Close();
        w.Close();
        w.Line();
    }

    /// <summary>One JSON writer and reader per document type: <c>WriteJsonPerson</c>, <c>ReadJsonPerson</c>, ...</summary>
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
        var locals = new NameScope("writer");
        string value = locals.Take(Names.Camel(obj.Key));
        w.Open($"private static void {context.JsonObjectNames[obj.Key].Write}({RuntimeNames.JsonWriter} writer, {obj.TypeName} {value})");
        w.Line("writer.WriteStartObject();");
        foreach (MemberModel member in obj.Members)
        {
            w.Line($"writer.WritePropertyName({Names.Literal(member.StoredName)}u8);");
            context.JsonValues.Write(w, member.Type, context.Accessors.Getter(obj, member, value), locals, Names.Camel(member.Name));
        }

        w.Line("writer.WriteEndObject();");
        w.Close();
        w.Line();
    }

    /// <summary>
    /// Reads a document type from the object the reader is on (members in any order, unknown ones skipped).
    /// Members set after construction are only assigned when the object has them, as the C-BSON reader does.
    /// </summary>
    private void EmitReadObject(SourceWriter w, ObjectModel obj)
    {
        var locals = new NameScope("reader", "strings");
        string result = locals.Take(Names.Camel(obj.Key));
        w.Open($"private static {obj.TypeName} {context.JsonObjectNames[obj.Key].Read}(ref {RuntimeNames.JsonReader} reader, {RuntimeNames.JsonStringTable}? strings)");
        if (obj.Members.All(NeedsPresenceFlag))
        {
            w.Line($"var {result} = new {obj.TypeName}();");
            EmitMemberLoop(w, obj, (member, _, value) => [context.Accessors.Setter(obj, member, result, value)]);
            w.Line();
            w.Line($"return {result};");
            w.Close();
            w.Line();
            return;
        }

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

        EmitMemberLoop(w, obj, (member, i, value) => flags[i] is { } flag ? [$"{values[i]} = {value};", $"{flag} = true;"] : [$"{values[i]} = {value};"]);
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

        if (setsAfter)
        {
            for (int i = 0; i < obj.Members.Length; i++)
            {
                if (flags[i] is { } flag)
                {
                    w.Open($"if ({flag})");
                    w.Line(context.Accessors.Setter(obj, obj.Members[i], result, values[i]));
                    w.Close();
                }
            }

            w.Line($"return {result};");
        }

        w.Close();
        w.Line();
    }

    /// <summary>The loop over an object's members: one branch per member, matched by its stored name; others are skipped.</summary>
    private void EmitMemberLoop(SourceWriter w, ObjectModel obj, Func<MemberModel, int, string, string[]> store)
    {
        w.Open($"while ({RuntimeNames.JsonStoredValue}.NextProperty(ref reader))");
        for (int i = 0; i < obj.Members.Length; i++)
        {
            MemberModel member = obj.Members[i];
            string[] statements = store(member, i, context.JsonValues.Read(member.Type, "reader", Names.Literal(member.StoredName)));
            w.Open($"{(i == 0 ? "if" : "else if")} (reader.ValueTextEquals({Names.Literal(member.StoredName)}u8))");
            w.Line("reader.Read();");
            if (!member.Type.CanBeNull)
            {
                // A null in a non-nullable value member keeps the member's default, like a missing member.
                w.Open($"if (reader.TokenType != {JsonValueCodegen.NullToken})");
                foreach (string statement in statements)
                {
                    w.Line(statement);
                }

                w.Close();
            }
            else
            {
                foreach (string statement in statements)
                {
                    w.Line(statement);
                }
            }

            w.Close();
        }

        if (obj.Members.Length == 0)
        {
            w.Line($"{RuntimeNames.JsonStoredValue}.SkipValue(ref reader);");
        }
        else
        {
            w.Open("else");
            w.Line("// A member this type no longer has: skipped, so old documents keep reading.");
            w.Line($"{RuntimeNames.JsonStoredValue}.SkipValue(ref reader);");
            w.Close();
        }

        w.Close();
    }

    private static string DefaultOf(TypeShape shape) =>
        shape.IsReference && !shape.TypeName.EndsWith("?", StringComparison.Ordinal) ? "default!" : "default";

    private static bool NeedsPresenceFlag(MemberModel member) =>
        member.Assignment is not (MemberAssignment.Constructor or MemberAssignment.Required);
}
