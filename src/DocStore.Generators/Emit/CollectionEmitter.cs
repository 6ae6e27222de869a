using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>
/// Emits the typed collection's query methods (the class itself comes from <see cref="ModelEmitter"/>): the
/// methods each index allows (<c>FindBy</c>, <c>FindBy…Range</c>, <c>FindBy…Prefix</c>, <c>CountBy</c>), each
/// with its <c>…Async</c> twin: a <c>ValueTask</c> for a single result, an <c>IAsyncEnumerable</c> for a lazy sequence.
/// </summary>
internal static class CollectionEmitter
{
    /// <summary>
    /// The query methods of every index, each preceded by a blank line, into the collection class;
    /// <paramref name="indexConstants"/> names each index's position.
    /// </summary>
    public static void EmitQueries(SourceWriter w, CollectionModel model, string[] indexConstants)
    {
        for (int i = 0; i < model.Indexes.Length; i++)
        {
            EmitQueries(w, model, model.Indexes[i], indexConstants[i]);
        }
    }

    private static void EmitQueries(SourceWriter w, CollectionModel model, IndexModel index, string n)
    {
        string t = model.FullTypeName;
        List<(string Type, string Name, TypeShape Shape)> parameters = Parameters(index);
        string signature = string.Join(", ", parameters.Select(p => $"{p.Type} {p.Name}"));
        string paths = string.Join(", ", index.Components.Select(c => c.Path));

        if (index.Unique)
        {
            foreach (bool inTransaction in new[] { false, true })
            {
                string head = inTransaction ? $"{RuntimeNames.Transaction} transaction, " : string.Empty;
                string passed = inTransaction ? "transaction, " : string.Empty;
                w.Line();
                w.Line($"/// <summary>The document whose <c>{paths}</c> equals the given value (unique index <c>{index.Name}</c>), or null{(inTransaction ? ", as <paramref name=\"transaction\"/> sees it (its changes included)" : " (read from the last commit)")}.</summary>");
                TransactionDoc(w, inTransaction);
                Params(w, parameters);
                w.Open($"public {t}? FindBy{index.Name}({head}{signature})");
                string key = BuildKey(w, parameters);
                w.Line($"return FindUnique({passed}{n}, {key});");
                w.Close();
                w.Line();
                w.Line($"/// <summary>The asynchronous twin of <c>FindBy{index.Name}</c>: awaited where the backend reads over the network (PostgreSQL); on the embedded engine page reads are synchronous, so it completes synchronously.</summary>");
                TransactionDoc(w, inTransaction);
                Params(w, parameters);
                w.Line("/// <param name=\"cancellationToken\">Checked before the lookup runs, and passed to the backend's asynchronous read.</param>");
                w.Open($"public global::System.Threading.Tasks.ValueTask<{t}?> FindBy{index.Name}Async({head}{signature}, global::System.Threading.CancellationToken cancellationToken = default)");
                string asyncKey = BuildKey(w, parameters);
                w.Line($"return FindUniqueAsync({passed}{n}, {asyncKey}.ToArray(), cancellationToken);");
                w.Close();
            }
        }
        else
        {
            LazyQuery(w, t, $"FindBy{index.Name}", $"The documents whose <c>{paths}</c> equals the given value, in index order (index <c>{index.Name}</c>); lazy.", Matching(parameters), passed =>
            {
                string key = BuildKey(w, parameters);
                w.Line($"return FindEqual({passed}{n}, {key}.ToArray(), options);");
            });
        }

        foreach (bool inTransaction in new[] { false, true })
        {
            string head = inTransaction ? $"{RuntimeNames.Transaction} transaction, " : string.Empty;
            string passed = inTransaction ? "transaction, " : string.Empty;
            w.Line();
            w.Line($"/// <summary>How many documents have <c>{paths}</c> equal to the given value (index <c>{index.Name}</c>), counted from the index alone{(inTransaction ? ", as <paramref name=\"transaction\"/> sees it" : " in the last commit")}.</summary>");
            TransactionDoc(w, inTransaction);
            Params(w, parameters);
            w.Open($"public long CountBy{index.Name}({head}{signature})");
            string countKey = BuildKey(w, parameters);
            w.Line($"return CountEqual({passed}{n}, {countKey}.ToArray());");
            w.Close();
            w.Line();
            w.Line($"/// <summary>The asynchronous twin of <c>CountBy{index.Name}</c>: awaited where the backend reads over the network (PostgreSQL); on the embedded engine it completes synchronously.</summary>");
            TransactionDoc(w, inTransaction);
            Params(w, parameters);
            w.Line("/// <param name=\"cancellationToken\">Checked before the count runs, and passed to the backend's asynchronous read.</param>");
            w.Open($"public global::System.Threading.Tasks.ValueTask<long> CountBy{index.Name}Async({head}{signature}, global::System.Threading.CancellationToken cancellationToken = default)");
            string asyncCountKey = BuildKey(w, parameters);
            w.Line($"return CountEqualAsync({passed}{n}, {asyncCountKey}.ToArray(), cancellationToken);");
            w.Close();
        }

        if (parameters.Count == 1)
        {
            (string type, _, TypeShape shape) = parameters[0];
            List<(string, string, string)> bounds = [(type, "min", "The smallest value returned."), (type, "max", "The largest value returned.")];
            LazyQuery(w, t, $"FindBy{index.Name}Range", $"The documents whose <c>{paths}</c> lies between <paramref name=\"min\"/> and <paramref name=\"max\"/> inclusive, in index order; lazy.", bounds, passed =>
            {
                w.Line($"var low = new {RuntimeNames.KeyBuilder}();");
                AppendValue(w, "low", shape, "min");
                w.Line($"var high = new {RuntimeNames.KeyBuilder}();");
                AppendValue(w, "high", shape, "max");
                w.Line($"return FindRange({passed}{n}, low.ToArray(), high.ToArray(), options);");
            });

            if (shape.Kind == ShapeKind.String)
            {
                LazyQuery(w, t, $"FindBy{index.Name}Prefix", $"The documents whose <c>{paths}</c> starts with <paramref name=\"prefix\"/> (ordinal), in index order; lazy.", [("string", "prefix", "The leading characters to match.")], passed =>
                {
                    w.Line("global::System.ArgumentNullException.ThrowIfNull(prefix);");
                    w.Line("var key = QueryKey();");
                    w.Line("key.AppendStringPrefix(prefix);");
                    w.Line($"return FindPrefix({passed}{n}, key.ToArray(), options);");
                });
            }
        }

        for (int p = 0; p < index.PrefixNames.Length; p++)
        {
            List<(string Type, string Name, TypeShape Shape)> prefix = parameters.Take(p + 1).ToList();
            LazyQuery(w, t, $"FindBy{index.PrefixNames[p]}", $"The documents whose leading key paths of index <c>{index.Name}</c> equal the given values, in index order; lazy.", Matching(prefix), passed =>
            {
                string key = BuildKey(w, prefix);
                w.Line($"return FindEqual({passed}{n}, {key}.ToArray(), options);");
            });
        }
    }

    /// <summary>Documents the leading transaction parameter of an explicit-transaction overload.</summary>
    private static void TransactionDoc(SourceWriter w, bool inTransaction)
    {
        if (inTransaction)
        {
            w.Line("/// <param name=\"transaction\">The explicit transaction.</param>");
        }
    }

    /// <summary>
    /// Emits a lazy query method and its <c>…Async</c> twin, each also with a leading explicit transaction (as
    /// every collection operation takes one). <paramref name="body"/> writes the body, given the argument text
    /// that passes the transaction on (empty, or <c>transaction, </c>). The twin has the same parameters plus
    /// a last <c>CancellationToken</c>, one line calling the runtime's <c>AsAsync</c>.
    /// <c>[EnumeratorCancellation]</c> sits on <c>AsAsync</c>, the async iterator: on the twin, which is not
    /// one, the attribute would have no effect (warning CS8424).
    /// </summary>
    private static void LazyQuery(SourceWriter w, string t, string method, string summary, List<(string Type, string Name, string Doc)> parameters, System.Action<string> body)
    {
        string signature = string.Join(", ", parameters.Select(p => $"{p.Type} {p.Name}"));
        string arguments = string.Join(", ", parameters.Select(p => p.Name));
        foreach (bool inTransaction in new[] { false, true })
        {
            string head = inTransaction ? $"{RuntimeNames.Transaction} transaction, " : string.Empty;
            string passed = inTransaction ? "transaction, " : string.Empty;
            w.Line();
            w.Line($"/// <summary>{summary}{(inTransaction ? " As <paramref name=\"transaction\"/> sees the collection." : string.Empty)}</summary>");
            TransactionDoc(w, inTransaction);
            ParamDocs(w, parameters);
            w.Line("/// <param name=\"options\">Ordering and paging; null for all matches ascending.</param>");
            w.Open($"public {RuntimeNames.Query}<{t}> {method}({head}{signature}, global::DocStore.QueryOptions? options = null)");
            body(passed);
            w.Close();
            w.Line();
            w.Line($"/// <summary>The asynchronous twin of <c>{method}</c>: the same documents in the same order, with the same paging and continuation. Awaited where the backend reads over the network (PostgreSQL); on the embedded engine each step completes synchronously.</summary>");
            TransactionDoc(w, inTransaction);
            ParamDocs(w, parameters);
            w.Line("/// <param name=\"options\">Ordering and paging; null for all matches ascending.</param>");
            w.Line("/// <param name=\"cancellationToken\">Checked before each document is read; cancelling ends the enumeration with <see cref=\"global::System.OperationCanceledException\"/>.</param>");
            w.Line($"public {RuntimeNames.AsyncEnumerable}<{t}> {method}Async({head}{signature}, global::DocStore.QueryOptions? options = null, {RuntimeNames.CancellationToken} cancellationToken = default) =>");
            w.Line($"    AsAsync({method}({passed}{arguments}, options), cancellationToken);");
        }
    }

    /// <summary>
    /// One parameter per key path, named after it (<c>addressCity</c>; <c>element</c> for a lone multikey path),
    /// distinct from each other and from the methods' own <c>transaction</c>, <c>options</c> and <c>cancellationToken</c>.
    /// </summary>
    private static List<(string Type, string Name, TypeShape Shape)> Parameters(IndexModel index)
    {
        var scope = new NameScope("options", "cancellationToken", "transaction");
        var result = new List<(string, string, TypeShape)>();
        foreach (IndexComponent component in index.Components)
        {
            string name = index.Components.Length == 1 && component.IsMultikey
                ? "element"
                : char.ToLowerInvariant(component.Name[0]) + component.Name.Substring(1);
            result.Add((component.ValueType.TypeName, scope.TakeParameter(name), component.ValueType));
        }

        return result;
    }

    private static void Params(SourceWriter w, List<(string Type, string Name, TypeShape Shape)> parameters) => ParamDocs(w, Matching(parameters));

    /// <summary>Query parameters documented as values to match.</summary>
    private static List<(string Type, string Name, string Doc)> Matching(List<(string Type, string Name, TypeShape Shape)> parameters) =>
        parameters.Select(p => (p.Type, p.Name, "The value to match.")).ToList();

    private static void ParamDocs(SourceWriter w, List<(string Type, string Name, string Doc)> parameters)
    {
        foreach ((_, string name, string doc) in parameters)
        {
            w.Line($"/// <param name=\"{name.TrimStart('@')}\">{doc}</param>");
        }
    }

    /// <summary>Builds the query key from the parameters; returns the name of its local.</summary>
    private static string BuildKey(SourceWriter w, List<(string Type, string Name, TypeShape Shape)> parameters)
    {
        // A local the parameters leave free: a key path named Key keeps its parameter name.
        var scope = new NameScope(parameters.Select(p => p.Name).ToArray());
        scope.Reserve("options");
        scope.Reserve("transaction");
        string key = scope.Take("key");

        // The thread's scratch builder (DocumentCollection.QueryKey): the key is passed on or copied before another is built.
        w.Line($"var {key} = QueryKey();");
        foreach ((_, string name, TypeShape shape) in parameters)
        {
            AppendValue(w, key, shape, name);
        }

        return key;
    }

    /// <summary>Appends a parameter's value to a key under construction; the builder writes null for a null value.</summary>
    private static void AppendValue(SourceWriter w, string builder, TypeShape shape, string value) =>
        w.Line($"{builder}.Append({(shape.CanBeNull ? ShapeCode.NullableKeyValue(shape, value) : ShapeCode.KeyValue(shape, value))});");
}
