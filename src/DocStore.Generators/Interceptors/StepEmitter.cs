using System.Text;

namespace DocStore.Generators.Interceptors;

/// <summary>
/// Writes the interceptor of a chain's last operator (<see cref="CompiledCallSite.IsStep"/>): it returns a
/// <c>CompiledSequence</c> that keeps the source and the operator's argument, so whatever enumerates the
/// query (foreach, List.AddRange, Enumerable.ToList, LINQ to objects) runs the compiled plan with the
/// values the tree holds then; a value the plan cannot take, or any use as a query, gets the query as written.
/// </summary>
internal static class StepEmitter
{
    private const string Compiled = "global::DocStore.Linq.Compiled.CompiledQuery";

    /// <summary>The type of the intercepted operator's argument (its one parameter after the source).</summary>
    public static string ArgumentType(CompiledCallSite site) => TypeOf(site.Parameters[1]);

    /// <summary>The type Plan{n} takes the argument as: the expression base type when the interceptor is generic (a Select's argument is not read there).</summary>
    public static string PlanArgumentType(CompiledCallSite site) => site.TypeParameters.Length > 0 ? "global::System.Linq.Expressions.Expression" : ArgumentType(site);

    private static string TypeOf(string parameter) => parameter.Substring(0, parameter.LastIndexOf(' '));

    public static void Emit(StringBuilder w, CompiledCallSite site, int n)
    {
        string doc = site.DocumentType.TrimEnd('?');
        string source = site.ArgumentNames[0];
        string argument = site.ArgumentNames[1];
        string type = ArgumentType(site);
        string element = site.Element;
        string queryable = $"global::System.Linq.IQueryable<{element}>";
        string sourceType = TypeOf(site.Parameters[0]);
        string notNull = type == "int" ? string.Empty : $"{argument} is not null && ";
        w.AppendLine($"        // {site.Display}: Query().{string.Join("().", site.Steps)}(), enumerated by the caller");
        w.AppendLine($"        [global::System.Runtime.CompilerServices.InterceptsLocation({site.Version}, \"{site.Data}\")]");
        w.AppendLine($"        public static {site.ReturnType} Query{n}{site.TypeParameters}(this {string.Join(", ", site.Parameters)})");
        w.AppendLine("        {");
        w.AppendLine($"            if ({notNull}{source} is not null && {Compiled}.Source<{doc}, {site.KeyType}>({source}, out _) is not null)");
        w.AppendLine("            {");
        w.AppendLine($"                return new Sequence{n}{site.TypeParameters}({source}, {argument});");
        w.AppendLine("            }");
        w.AppendLine();
        // A null argument reaches the operator as written, which throws for it.
        w.AppendLine($"            return {site.Container}.{site.Terminal}({source}!, {argument}{(type == "int" ? string.Empty : "!")});");
        w.AppendLine("        }");
        w.AppendLine();
        w.AppendLine($"        /// <summary>The query of Query{n}, enumerated through its compiled plan.</summary>");
        w.AppendLine($"        private sealed class Sequence{n}{site.TypeParameters}({sourceType} source, {type} last) : global::DocStore.Linq.Compiled.CompiledSequence<{element}>");
        w.AppendLine("        {");
        w.AppendLine($"            protected override {queryable} Compose() => {site.Container}.{site.Terminal}(source, last);");
        w.AppendLine();
        w.AppendLine($"            protected override global::System.Collections.Generic.IEnumerable<{element}>? Run() =>");
        w.AppendLine($"                {Compiled}.Source<{doc}, {site.KeyType}>(source, out var transaction) is {{ }} collection && Plan{n}(source.Expression, last, out var plan)");
        w.AppendLine($"                    ? {InterceptorEmitter.Rows(site, n, "plan.Take")}");
        w.AppendLine("                    : null;");
        w.AppendLine("        }");
        w.AppendLine();
    }
}
