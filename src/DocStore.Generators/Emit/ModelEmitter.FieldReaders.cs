using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

internal sealed partial class ModelEmitter
{
    /// <summary>
    /// One <c>TryRead{Path}</c> per stored member path through nested documents (not into arrays):
    /// it jumps field by field with <c>TryFindField</c> and decodes only the value asked for.
    /// </summary>
    private void EmitFieldReaders(SourceWriter w)
    {
        var names = new HashSet<string>();
        var path = new List<(ObjectModel Owner, int Index)>();
        var visiting = new HashSet<string> { Root.Key };
        EmitFieldReaders(w, Root, path, visiting, names);
        EmitPathDispatch(w);
    }

    /// <summary>The by-path entry point over the typed readers, for callers that only know a path (queries, tools).</summary>
    private void EmitPathDispatch(SourceWriter w)
    {
        w.Line($"private static readonly string[] s_fieldPaths = [{string.Join(", ", _readers.Select(r => Names.Literal(r.Path)))}];");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Line("public global::System.Collections.Generic.IReadOnlyList<string> FieldPaths => s_fieldPaths;");
        w.Line();
        w.Line("/// <inheritdoc />");
        w.Open($"public bool TryReadField(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, string path, out object? value)");
        w.Line("global::System.ArgumentNullException.ThrowIfNull(path);");
        w.Open("switch (path)");
        foreach ((string storedPath, string method) in _readers)
        {
            w.Line($"case {Names.Literal(storedPath)}:");
            w.Line("    {");
            w.Line($"        bool found = {method}(document, fields, out var typed);");
            w.Line("        value = found ? typed : null;");
            w.Line("        return found;");
            w.Line("    }");
        }

        w.Line("default:");
        w.Line($"    throw new global::System.ArgumentException(\"Collection '{_model.CollectionName}' has no stored field path '\" + path + \"'.\", nameof(path));");
        w.Close();
        w.Close();
        w.Line();
    }

    private void EmitFieldReaders(SourceWriter w, ObjectModel owner, List<(ObjectModel Owner, int Index)> path, HashSet<string> visiting, HashSet<string> names)
    {
        for (int i = 0; i < owner.Members.Length; i++)
        {
            MemberModel member = owner.Members[i];
            path.Add((owner, i));
            EmitFieldReader(w, path, names);
            if (member.Type.Kind == ShapeKind.Object && visiting.Add(member.Type.ObjectKey!))
            {
                EmitFieldReaders(w, ObjectOf(member.Type), path, visiting, names);
                visiting.Remove(member.Type.ObjectKey!);
            }

            path.RemoveAt(path.Count - 1);
        }
    }

    private void EmitFieldReader(SourceWriter w, List<(ObjectModel Owner, int Index)> path, HashSet<string> names)
    {
        string baseName = "TryRead" + string.Concat(path.Select(p => p.Owner.Members[p.Index].Name));
        string name = baseName;
        for (int n = 2; !names.Add(name); n++)
        {
            name = baseName + Names.Int(n);
        }

        MemberModel leaf = path[path.Count - 1].Owner.Members[path[path.Count - 1].Index];
        string dotted = string.Join(".", path.Select(p => p.Owner.Members[p.Index].StoredName));
        _readers.Add((dotted, name));
        w.Line($"/// <summary>Reads the stored field <c>{dotted}</c> without reading the rest of the document; false when the document lacks it or it is null.</summary>");
        w.Line("/// <param name=\"document\">A stored C-BSON document of this collection.</param>");
        w.Line("/// <param name=\"fields\">The collection's field dictionary.</param>");
        w.Line("/// <param name=\"value\">The value read, or default.</param>");
        w.Line("/// <returns>True when the field is present and not null.</returns>");
        w.Open($"public static bool {name}(global::System.ReadOnlySpan<byte> document, {RuntimeNames.Resolver} fields, out {leaf.Type.TypeName} value)");
        w.Line("value = default!;");
        w.Line($"var reader0 = new {RuntimeNames.Reader}(document);");
        for (int step = 0; step < path.Count; step++)
        {
            (ObjectModel owner, int index) = path[step];
            string reader = "reader" + Names.Int(step);
            w.Line($"if (!{RuntimeNames.StoredValue}.TryFindField(ref {reader}, s_fields_{owner.Key}.ForRead(fields)[{Names.Int(index)}]) || {reader}.Type == {RuntimeNames.BsonType}.Null)");
            w.Line("{");
            w.Line("    return false;");
            w.Line("}");
            w.Line();
            if (step < path.Count - 1)
            {
                string label = Names.Literal(string.Join(".", path.Take(step + 1).Select(p => p.Owner.Members[p.Index].StoredName)));
                w.Line($"var reader{Names.Int(step + 1)} = {RuntimeNames.StoredValue}.EnterDocument(ref {reader}, {label});");
            }
        }

        w.Line($"value = {_values.ReadNonNull(leaf.Type, "reader" + Names.Int(path.Count - 1), Names.Literal(dotted))};");
        w.Line("return true;");
        w.Close();
        w.Line();
    }
}
