using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>The collection's static field readers, and the model's by-path <c>TryReadField</c> over them.</summary>
internal sealed class FieldReaderEmitter(CollectionEmitContext context)
{
    public void EmitFieldReaders(SourceWriter w)
    {
        foreach (FieldReader reader in context.FieldReaders)
        {
            EmitFieldReader(w, reader);
        }
    }

    /// <summary>
    /// A field reader returns true with the value when the document has the field and it is not null. Its
    /// out parameter therefore has the member's type without a nullable annotation; a reference type carries
    /// <c>[MaybeNullWhen(false)]</c> (null when the method returns false), a value type is default then.
    /// </summary>
    private void EmitFieldReader(SourceWriter w, FieldReader fieldReader)
    {
        List<(ObjectModel Owner, int Index)> path = fieldReader.Path;
        MemberModel leaf = path[path.Count - 1].Owner.Members[path[path.Count - 1].Index];
        TypeShape type = leaf.Type;
        string parameter = type.IsReference
            ? $"[global::System.Diagnostics.CodeAnalysis.MaybeNullWhen(false)] out {ShapeCode.Constructible(type)} value"
            : $"out {type.ValueTypeName} value";

        w.Line($"/// <summary>Reads the stored field <c>{fieldReader.StoredPath}</c> without reading the rest of the document.</summary>");
        w.Line("/// <param name=\"document\">A stored C-BSON document of this collection.</param>");
        w.Line("/// <param name=\"fields\">The collection's field dictionary.</param>");
        w.Line($"/// <param name=\"value\">The value read; {(type.IsReference ? "null" : "default")} when the method returns false.</param>");
        w.Line("/// <returns>True when the document has the field and it is not null.</returns>");
        w.Open($"public static bool {fieldReader.Name}(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, {parameter})");
        var locals = new NameScope("document", "fields", "value");
        string reader = locals.Take("reader");
        w.Line($"var {reader} = new {RuntimeNames.Reader}(document);");
        for (int step = 0; step < path.Count; step++)
        {
            (ObjectModel owner, int index) = path[step];
            w.Open($"if ({RuntimeNames.StoredValue}.TryFindField(ref {reader}, {context.FieldMaps[owner.Key]}.ForRead(fields)[{context.MemberConstants[owner.Key][index]}]) && {reader}.Type != {RuntimeNames.BsonType}.Null)");
            if (step < path.Count - 1)
            {
                string label = Names.Literal(string.Join(".", path.Take(step + 1).Select(p => p.Owner.Members[p.Index].StoredName)));
                string inner = locals.Take(Names.Camel(owner.Members[index].Name) + "Reader");
                w.Line($"var {inner} = {RuntimeNames.StoredValue}.EnterDocument(ref {reader}, {label});");
                reader = inner;
            }
        }

        w.Line($"value = {context.Values.ReadNonNull(type, reader, Names.Literal(fieldReader.StoredPath))};");
        w.Line("return true;");
        for (int step = 0; step < path.Count; step++)
        {
            w.Close();
        }

        w.Line();
        w.Line($"value = {(type.IsReference ? "null" : "default")};");
        w.Line("return false;");
        w.Close();
        w.Line();
    }

    /// <summary>The by-path entry point over the typed readers, for callers that only know a path (queries, tools).</summary>
    public void EmitPathDispatch(SourceWriter w)
    {
        w.Line("/// <inheritdoc />");
        w.Line("public global::System.Collections.Generic.IReadOnlyList<string> FieldPaths => s_fieldPaths;");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public bool TryReadField(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, string path, [global::System.Diagnostics.CodeAnalysis.NotNullWhen(true)] out object? value)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(path);");
        w.Open("switch (path)");
        var locals = new NameScope("document", "fields", "path", "value");
        foreach (FieldReader reader in context.FieldReaders)
        {
            // A found value is never null (a stored null reads as not found), so the box tells whether it was found.
            string typed = locals.Take(Names.Camel(reader.Name.Substring("TryRead".Length)));
            w.Line($"case {Names.Literal(reader.StoredPath)}:");
            w.Line($"    value = {context.Outer}.{reader.Name}(document, fields, out var {typed}) ? {typed} : null;");
            w.Line("    return value is not null;");
        }

        w.Line("default:");
        w.Line($"    throw new global::System.ArgumentException(\"Collection '{context.Model.CollectionName}' has no stored field path '\" + path + \"'.\", nameof(path));");
        w.Close();
        w.Close();
        w.Line();
    }
}
