using System.Linq;
using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// The end of a scan site's <c>Plan{n}</c> (the values, each unboxed as the type it is compared as, in a
/// state record of the site) and its filter: a static delegate that evaluates the site's condition over
/// the stored bytes (<see cref="CompiledCallSite.Test"/>). A value of another type, or a NaN, runs the
/// query as written. An enum's value is its underlying number, as the tree converts it (see <see cref="StoredForm"/>).
/// </summary>
internal static class ScanEmitter
{
    private const string Compiled = "global::DocStore.Linq.Compiled.CompiledQuery";

    public static void EmitValues(StringBuilder w, CompiledCallSite site, int n)
    {
        const string I = "            ";
        for (int b = 0; b < site.Bounds.Length; b++)
        {
            SeekBound bound = site.Bounds[b];
            string nan = bound.ValueType.StartsWith("double", StringComparison.Ordinal) ? $" || IsNaN(k{b})" : string.Empty;
            string nullPrefix = bound.Operator == "StartsWith" ? $" || k{b} is null" : string.Empty;
            w.AppendLine(I + $"if (!Typed<{bound.ValueType}>({Compiled}.Value(v{b}), out var k{b}){nan}{nullPrefix})");
            w.AppendLine(I + "{");
            w.AppendLine(I + "    return false;");
            w.AppendLine(I + "}");
            w.AppendLine();
        }

        string values = string.Join(", ", Enumerable.Range(0, site.Bounds.Length).Select(b => $"k{b}"));
        w.AppendLine(I + $"plan = new Plan(global::System.Array.Empty<byte>(), global::System.Array.Empty<byte>(), skip, take, new State{n}({values}), null);");
        w.AppendLine(I + "return true;");
        w.AppendLine("        }");
        w.AppendLine();

        string fields = string.Join(", ", site.Bounds.Select((b, i) => $"{b.ValueType} K{i}"));
        w.AppendLine($"        /// <summary>The values one execution of Query{n} compares with.</summary>");
        w.AppendLine($"        private sealed record State{n}({fields});");
        w.AppendLine();
        w.AppendLine($"        /// <summary>The filter of Query{n} over the stored bytes.</summary>");
        w.AppendLine($"        private static readonly global::DocStore.Linq.Compiled.StoredFilter s_filter{n} = static (document, fields, state) =>");
        w.AppendLine("        {");
        w.AppendLine($"            var k = (State{n})state!;");
        w.AppendLine($"            return {site.Test};");
        w.AppendLine("        };");
        w.AppendLine();
    }
}
