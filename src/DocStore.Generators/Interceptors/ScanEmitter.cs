using System.Linq;
using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// The end of a scan site's <c>Plan{n}</c> (the comparisons' values, as whole numbers) and its filter: a
/// static delegate that reads each compared member from the stored bytes with the generated field reader,
/// a missing or null member reading as 0 (the member's value after deserialization), and compares.
/// </summary>
internal static class ScanEmitter
{
    private const string Compiled = "global::DocStore.Linq.Compiled.CompiledQuery";

    public static void EmitValues(StringBuilder w, CompiledCallSite site, int n)
    {
        const string I = "            ";
        for (int b = 0; b < site.Bounds.Length; b++)
        {
            w.AppendLine(I + $"if (!Integer({Compiled}.Value(v{b}), out long k{b}))");
            w.AppendLine(I + "{");
            w.AppendLine(I + "    return false;");
            w.AppendLine(I + "}");
            w.AppendLine();
        }

        string values = string.Join(", ", Enumerable.Range(0, site.Bounds.Length).Select(b => $"k{b}"));
        w.AppendLine(I + $"plan = new Plan(global::System.Array.Empty<byte>(), global::System.Array.Empty<byte>(), skip, take, new long[] {{ {values} }}, null);");
        w.AppendLine(I + "return true;");
        w.AppendLine("        }");
        w.AppendLine();

        string tests = string.Join("\n                && ", site.Bounds.Select((b, i) =>
            $"({b.Reader}(document, fields, out var m{i}) ? (long)m{i} : 0L) {b.Operator} k[{i}]"));
        w.AppendLine($"        /// <summary>The filter of Query{n} over the stored bytes.</summary>");
        w.AppendLine($"        private static readonly global::DocStore.Linq.Compiled.StoredFilter s_filter{n} = static (document, fields, state) =>");
        w.AppendLine("        {");
        w.AppendLine("            var k = (long[])state!;");
        w.AppendLine($"            return {tests};");
        w.AppendLine("        };");
        w.AppendLine();
    }
}
