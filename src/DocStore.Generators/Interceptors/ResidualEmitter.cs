using System.Linq;
using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// The residual filter of an index walk (<see cref="CompiledCallSite.Residual"/>): in <c>Plan{n}</c>, its values,
/// each unboxed as the type it is compared as (bound after the index's, <c>v{m}</c> on), packed in a state record (the plan's Value1);
/// beside it, a static delegate that tests a match's stored bytes. A value of another type, or a NaN, runs the
/// query as written, as a compiled scan does.
/// </summary>
internal static class ResidualEmitter
{
    private const string Compiled = "global::DocStore.Linq.Compiled.CompiledQuery";

    /// <summary>The filter argument of the walk.</summary>
    public static string Filter(CompiledCallSite site, int n) => site.Residual.Length > 0 ? $"s_residual{n}" : "null";

    /// <summary>The filter's state argument of the walk.</summary>
    public static string State(CompiledCallSite site) => site.Residual.Length > 0 ? "plan.Value1" : "null";

    public static void EmitValues(StringBuilder w, CompiledCallSite site, int n)
    {
        const string I = "            ";
        if (site.Residual.Length == 0)
        {
            return;
        }

        int first = site.Bounds.Length;
        for (int r = 0; r < site.ResidualValues.Length; r++)
        {
            SeekBound bound = site.ResidualValues[r];
            string nan = bound.ValueType.StartsWith("double", StringComparison.Ordinal) ? $" || IsNaN(r{r})" : string.Empty;
            string nullPrefix = bound.Operator == "StartsWith" ? $" || r{r} is null" : string.Empty;
            w.AppendLine(I + $"if (!Typed<{bound.ValueType}>({Compiled}.Value(v{first + r}), out var r{r}){nan}{nullPrefix})");
            w.AppendLine(I + "{");
            w.AppendLine(I + "    return false;");
            w.AppendLine(I + "}");
            w.AppendLine();
        }

        string values = string.Join(", ", Enumerable.Range(0, site.ResidualValues.Length).Select(r => $"r{r}"));
        w.AppendLine(I + $"var residual = new Residual{n}({values});");
    }

    public static void EmitFilter(StringBuilder w, CompiledCallSite site, int n)
    {
        if (site.Residual.Length == 0)
        {
            return;
        }

        string fields = string.Join(", ", site.ResidualValues.Select((b, i) => $"{b.ValueType} K{i}"));
        w.AppendLine($"        /// <summary>The values the residual filter of Query{n} compares with.</summary>");
        w.AppendLine($"        private sealed record Residual{n}({fields});");
        w.AppendLine();
        w.AppendLine($"        /// <summary>The conditions of Query{n} that its index does not serve, over a match's stored bytes.</summary>");
        w.AppendLine($"        private static readonly global::DocStore.Linq.Compiled.StoredFilter s_residual{n} = static (document, fields, state) =>");
        w.AppendLine("        {");
        w.AppendLine($"            var k = (Residual{n})state!;");
        w.AppendLine($"            return {site.Residual};");
        w.AppendLine("        };");
        w.AppendLine();
    }
}
