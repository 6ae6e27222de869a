using System.Linq;
using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// The end of a composite index walk's <c>Plan{n}</c> (<see cref="CompiledCallSite.Components"/>): the leading
/// equalities' values appended to both bounds, as the generated <c>FindBy…</c> prefix methods encode them, then
/// the next path's range or prefix. A value the walk would answer inexactly (null, an integer the member's default
/// would satisfy, an empty prefix) runs the query as written.
/// </summary>
internal static class CompositeEmitter
{
    private const string Compiled = "global::DocStore.Linq.Compiled.CompiledQuery";
    private const string Builder = "global::DocStore.Metadata.IndexKeyBuilder";

    public static void EmitKeys(StringBuilder w, CompiledCallSite site)
    {
        const string I = "            ";
        w.AppendLine(I + $"var lowKey = new {Builder}();");
        w.AppendLine(I + $"var highKey = new {Builder}();");
        int leading = site.Bounds.Count(b => b.Operator == "==");
        for (int c = 0; c < leading; c++)
        {
            int b = Slot(site, c);
            string missing = site.Bounds[b].Missing;
            string read = site.Bounds[b].ValueType == "string"
                ? $"{Compiled}.Value(v{b}) is not string e{c}" + (missing.Length > 0 ? $" || e{c} == {missing}" : string.Empty)
                : $"!Integer({Compiled}.Value(v{b}), out long e{c}) || e{c} == {InterceptorEmitter.MissingNumber(site.Bounds[b])}";
            Reject(w, read);
            w.AppendLine(I + $"lowKey.Append(e{c});");
            w.AppendLine(I + $"highKey.Append(e{c});");
        }

        var tail = Enumerable.Range(0, site.Bounds.Length).Where(b => site.Bounds[b].Component == leading && site.Bounds[b].Operator != "==").ToList();
        if (tail.Count == 1 && site.Bounds[tail[0]].Operator == "StartsWith")
        {
            string missing = site.Bounds[tail[0]].Missing;
            Reject(w, $"{Compiled}.Value(v{tail[0]}) is not string text || text.Length == 0"
                + (missing.Length > 0 ? $" || {missing}.StartsWith(text, global::System.StringComparison.Ordinal)" : string.Empty));
            w.AppendLine(I + "lowKey.AppendStringPrefix(text);");
            w.AppendLine(I + "highKey.AppendStringPrefix(text);");
        }
        else if (tail.Count > 0)
        {
            w.AppendLine(I + "long low = long.MinValue;");
            w.AppendLine(I + "long high = long.MaxValue;");
            var atDefault = new StringBuilder();
            foreach (int b in tail)
            {
                string op = site.Bounds[b].Operator;
                Reject(w, $"!Integer({Compiled}.Value(v{b}), out long k{b}){(op == ">" ? $" || k{b} == long.MaxValue" : op == "<" ? $" || k{b} == long.MinValue" : string.Empty)}");
                if (op is ">=" or ">")
                {
                    w.AppendLine(I + $"low = global::System.Math.Max(low, k{b}{(op == ">" ? " + 1" : string.Empty)});");
                }
                else
                {
                    w.AppendLine(I + $"high = global::System.Math.Min(high, k{b}{(op == "<" ? " - 1" : string.Empty)});");
                }

                atDefault.Append(atDefault.Length == 0 ? string.Empty : " && ").Append($"{InterceptorEmitter.MissingNumber(site.Bounds[b])} {op} k{b}");
            }

            // A missing member reads as 0 and has no entry of that value: a range 0 falls in runs as written.
            Reject(w, $"low > high || ({atDefault})");
            w.AppendLine(I + "lowKey.Append(low);");
            w.AppendLine(I + "highKey.Append(high);");
        }

        string state = site.Residual.Length > 0 ? "residual" : "null";
        w.AppendLine(I + $"plan = new Plan(lowKey.ToArray(), highKey.ToArray(), skip, take, null, {state});");
        w.AppendLine(I + "return true;");
        w.AppendLine("        }");
        w.AppendLine();
    }

    /// <summary>The bound of the equality on index path <paramref name="component"/>.</summary>
    private static int Slot(CompiledCallSite site, int component)
    {
        for (int b = 0; b < site.Bounds.Length; b++)
        {
            if (site.Bounds[b].Component == component && site.Bounds[b].Operator == "==")
            {
                return b;
            }
        }

        return -1;
    }

    private static void Reject(StringBuilder w, string condition)
    {
        const string I = "            ";
        w.AppendLine(I + $"if ({condition})");
        w.AppendLine(I + "{");
        w.AppendLine(I + "    return false;");
        w.AppendLine(I + "}");
        w.AppendLine();
    }
}
