using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// Writes a compiled <c>Select</c>'s two forms for <c>CompiledQuery.FindAs</c> and <c>ScanAs</c>: over the
/// stored bytes (the selected fields only, through the field readers), and over the deserialized document
/// for a document that lacks one of them.
/// </summary>
internal static class ProjectionEmitter
{
    public static void Emit(StringBuilder w, CompiledCallSite site, int n)
    {
        if (site.Projection is not { } projection)
        {
            return;
        }

        string doc = site.DocumentType.TrimEnd('?');
        string element = site.Element;
        w.AppendLine($"        /// <summary>The projection of Query{n} over the stored bytes; false when a selected field is missing or null.</summary>");
        w.AppendLine($"        private static bool Project{n}(global::System.ReadOnlySpan<byte> document, global::DocStore.Bson.IFieldDictionary fields, out {element} result)");
        w.AppendLine("        {");
        w.AppendLine($"            if ({projection.Reads})");
        w.AppendLine("            {");
        w.AppendLine($"                result = {projection.FromBytes};");
        w.AppendLine("                return true;");
        w.AppendLine("            }");
        w.AppendLine();
        w.AppendLine("            result = default!;");
        w.AppendLine("            return false;");
        w.AppendLine("        }");
        w.AppendLine();
        w.AppendLine($"        /// <summary>The projection of Query{n} over the deserialized document.</summary>");
        w.AppendLine($"        private static {element} Whole{n}({doc} p) => {projection.FromDocument};");
        w.AppendLine();
        w.AppendLine($"        private static readonly global::DocStore.Linq.Compiled.StoredProjection<{element}> s_project{n} = Project{n};");
        w.AppendLine();
        w.AppendLine($"        private static readonly global::System.Func<{doc}, {element}> s_whole{n} = Whole{n};");
        w.AppendLine();
    }
}
