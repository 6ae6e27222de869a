using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// Writes a compiled <c>Select</c>'s two forms for <c>CompiledQuery.FindAs</c>, <c>ScanAs</c> and the key lookups: over the
/// stored bytes (the selected fields only, through the field readers), and over the deserialized document
/// for a document that lacks one of them. An anonymous result is built as the same anonymous type and
/// handed over as the interceptor's type parameter (a reference conversion: no copy), its delegates held
/// by a generic class so no call allocates them.
/// </summary>
internal static class ProjectionEmitter
{
    /// <summary>The two delegates' expressions, as Rows passes them.</summary>
    public static string Forms(CompiledCallSite site, int n) => site.Projection is { Anonymous: true }
        ? $"Projection{n}<{site.Element}>.Read, Projection{n}<{site.Element}>.Whole"
        : $"s_project{n}, s_whole{n}";

    public static void Emit(StringBuilder w, CompiledCallSite site, int n)
    {
        if (site.Projection is not { } projection)
        {
            return;
        }

        string doc = site.DocumentType.TrimEnd('?');
        bool anonymous = projection.Anonymous;
        string element = anonymous ? "TElement" : site.Element;
        string generic = anonymous ? "<TElement>" : string.Empty;
        string Result(string value) => anonymous ? $"(TElement)(object){value}" : value;

        EmitFromBytes(w, projection, n, element, generic, Result);

        w.AppendLine($"        /// <summary>The projection of Query{n} over the deserialized document.</summary>");
        w.AppendLine($"        private static {element} Whole{n}{generic}({doc} p) => {Result(projection.FromDocument)};");
        w.AppendLine();
        if (anonymous)
        {
            w.AppendLine($"        /// <summary>The projections of Query{n} as delegates, made once per element type.</summary>");
            w.AppendLine($"        private static class Projection{n}<TElement>");
            w.AppendLine("        {");
            w.AppendLine($"            public static readonly global::DocStore.Linq.Compiled.StoredProjection<TElement> Read = Project{n}<TElement>;");
            w.AppendLine();

            w.AppendLine($"            public static readonly global::System.Func<{doc}, TElement> Whole = Whole{n}<TElement>;");
            w.AppendLine("        }");
            w.AppendLine();
            return;
        }

        w.AppendLine($"        private static readonly global::DocStore.Linq.Compiled.StoredProjection<{element}> s_project{n} = Project{n};");
        w.AppendLine();

        w.AppendLine($"        private static readonly global::System.Func<{doc}, {element}> s_whole{n} = Whole{n};");
        w.AppendLine();
    }

    private static void EmitFromBytes(StringBuilder w, Projection projection, int n, string element, string generic, Func<string, string> wrap)
    {
        w.AppendLine($"        /// <summary>The projection of Query{n} over the stored bytes; false when a selected field is missing or null.</summary>");
        w.AppendLine($"        private static bool Project{n}{generic}(global::System.ReadOnlySpan<byte> document, global::DocStore.Bson.IFieldDictionary fields, out {element} result)");
        w.AppendLine("        {");
        w.AppendLine($"            if ({projection.Reads})");
        w.AppendLine("            {");
        w.AppendLine($"                result = {wrap(projection.FromBytes)};");
        w.AppendLine("                return true;");
        w.AppendLine("            }");
        w.AppendLine();
        w.AppendLine("            result = default!;");
        w.AppendLine("            return false;");
        w.AppendLine("        }");
        w.AppendLine();
    }
}
