using System.Linq.Expressions;
using DocStore.Bson;
using DocStore.Linq.Translation;
using DocStore.Metadata;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Execution;
using DocStore.Transactions;

namespace DocStore.Linq.Running;

/// <summary>
/// Runs LINQ queries over one typed collection: captures the expression's values, finds (or makes) the
/// plan of its shape, binds the values as parameters and reads the documents that pass straight from the
/// plan's access path (through the SQL executor only when a sort is needed), turning each into the
/// element with <see cref="Materializer{TDocument, TElement}"/>. Without a transaction each execution reads a fresh
/// snapshot; with one it reads in that transaction and sees its uncommitted writes.
/// </summary>
internal sealed class DocumentRunner<TDocument>(DocStoreContext context, string collection, IDocumentSerializer<TDocument> serializer, DocStoreTransaction? transaction, Func<bool> isDropped)
    : LinqRunner
{
    private const string SqlLabel = "(LINQ query)";

    public override string Collection => collection;

    public override IEnumerable<TElement> Enumerate<TElement>(Expression expression)
    {
        var run = Open(expression);
        try
        {
            var materializer = new Materializer<TDocument, TElement>(run.Plan, serializer, run.Values);
            foreach (var (document, fields) in Documents(run, run.Plan.Window(run.Values)))
            {
                yield return materializer.Read(document, fields);
            }
        }
        finally
        {
            run.Snapshot?.Dispose();
        }
    }

    public override TResult Execute<TResult>(Expression expression)
    {
        if (Aggregates<TDocument>.Handles(expression))
        {
            return Aggregates<TDocument>.Run<TResult>(this, (MethodCallExpression)expression);
        }

        var run = Open(expression);
        try
        {
            var window = run.Plan.Window(run.Values);
            switch (run.Plan.Terminal)
            {
                case Terminal.Count:
                    return (TResult)(object)checked((int)Count(run, window));
                case Terminal.LongCount:
                    return (TResult)(object)Count(run, window);
                case Terminal.Any:
                    return (TResult)(object)Documents(run, window).Any();
                case Terminal.Sequence:
                    throw new QueryTranslationException(expression.ToString(), "the query returns a sequence; enumerate it or call ToList");
            }

            var materializer = new Materializer<TDocument, TResult>(run.Plan, serializer, run.Values);
            var found = new List<TResult>(2);
            foreach (var (document, fields) in Documents(run, window))
            {
                found.Add(materializer.Read(document, fields));
            }

            return run.Plan.Terminal switch
            {
                Terminal.First => found.Count > 0 ? found[0] : throw new InvalidOperationException("Sequence contains no elements"),
                Terminal.FirstOrDefault => found.Count > 0 ? found[0] : default!,
                Terminal.Single => found.Count == 1 ? found[0] : throw new InvalidOperationException(found.Count == 0 ? "Sequence contains no elements" : "Sequence contains more than one element"),
                _ => found.Count switch
                {
                    0 => default!,
                    1 => found[0],
                    _ => throw new InvalidOperationException("Sequence contains more than one element"),
                },
            };
        }
        finally
        {
            run.Snapshot?.Dispose();
        }
    }

    public override string Explain(Expression expression)
    {
        var run = Open(expression);
        try
        {
            return ExplainText.Render(run.Plan, run.Plan.Bind(run.Values, run.Plan.Window(run.Values)));
        }
        finally
        {
            run.Snapshot?.Dispose();
        }
    }

    public override DocumentPage<TElement> Page<TElement>(Expression expression, string? continuation)
    {
        var run = Open(expression);
        try
        {
            if (run.Plan.Terminal != Terminal.Sequence)
            {
                throw new InvalidOperationException("ToPage reads a sequence query; First, Count and their kin return one value.");
            }

            var (offset, limit) = run.Plan.Window(run.Values);
            if (limit is not { } size || size == 0)
            {
                throw new InvalidOperationException("ToPage needs the page size: end the query with Take(n), n > 0.");
            }

            if (continuation is not null)
            {
                offset = PageToken.Decode(continuation);
            }

            var materializer = new Materializer<TDocument, TElement>(run.Plan, serializer, run.Values);
            var items = new List<TElement>();
            var more = false;
            foreach (var (document, fields) in Documents(run, (offset, size + 1)))
            {
                if (items.Count == size)
                {
                    more = true;
                    break;
                }

                items.Add(materializer.Read(document, fields));
            }

            return new DocumentPage<TElement>(items, more ? PageToken.Encode(offset + size) : null);
        }
        finally
        {
            run.Snapshot?.Dispose();
        }
    }

    /// <summary>The documents of the query's window: read straight from the access path when no sort is needed, else through the SQL executor.</summary>
    private static IEnumerable<(ReadOnlyMemory<byte> Document, IFieldDictionary Fields)> Documents(OpenRun run, (long Offset, long? Limit) window)
    {
        var state = State(run, window);
        var select = run.Plan.Select;
        if (!PlanDocuments.Applies(select))
        {
            foreach (var row in SelectExecutor.Run(select, state))
            {
                var value = row[0];
                yield return (value.Bytes, (IFieldDictionary)value.Boxed!);
            }

            yield break;
        }

        var context = PlanDocuments.Row(select, state);
        var fields = context.Fields[0];
        foreach (var document in PlanDocuments.Read(select, state, context, window.Offset, window.Limit))
        {
            yield return (document, fields);
        }
    }

    /// <summary>The number of rows in the query's window, from keys alone when the access answers the whole predicate.</summary>
    private static long Count(OpenRun run, (long Offset, long? Limit) window)
    {
        var state = State(run, window);
        var select = run.Plan.Select;
        return PlanDocuments.Applies(select)
            ? PlanDocuments.Count(select, state, PlanDocuments.Row(select, state), window.Offset, window.Limit)
            : SelectExecutor.Run(select, state).LongCount();
    }

    private static ExecState State(OpenRun run, (long Offset, long? Limit) window) =>
        new(run.Transaction, run.Database, run.Plan.Catalog, run.Plan.Bind(run.Values, window), SqlLabel, null);

    private OpenRun Open(Expression expression)
    {
        context.ThrowIfDisposed();
        if (isDropped())
        {
            throw new InvalidOperationException($"The collection '{collection}' was dropped or renamed; this collection object is stale.");
        }

        var captured = ValueCapture.Run(expression, withSlots: false);
        Transaction? snapshot = null;
        Transaction reading;
        if (transaction is not null)
        {
            transaction.ThrowIfUnusable(context);
            reading = transaction.Write;
        }
        else
        {
            reading = snapshot = context.Engine.BeginRead();
        }

        try
        {
            var database = context.Sql.State;
            var catalog = database.Catalog(reading);
            var cache = PlanCache.For(context);
            var plan = cache.Find(collection, typeof(TDocument), captured.Shape);
            if (plan is null || !ReferenceEquals(plan.Catalog, catalog))
            {
                captured = ValueCapture.Run(expression, withSlots: true);
                var chain = QueryChain.Parse(expression, typeof(TDocument));
                var table = catalog.Find(collection, quoted: true, static _ => { })
                    ?? throw new InvalidOperationException($"The collection '{collection}' is not in the catalog; it was dropped or renamed.");
                plan = QueryTranslator.Translate(chain, captured, catalog, table, table.Fields(reading, context), (bytes, fields) => serializer.Read(bytes.Span, fields));

                // Names a transaction wrote are not committed yet: a plan made in one is not kept.
                if (plan.Cacheable && transaction is null && catalog.Generation >= 0)
                {
                    cache.Add(collection, typeof(TDocument), captured.Shape, plan);
                }
            }

            return new OpenRun(plan, captured.Values, reading, snapshot, database);
        }
        catch
        {
            snapshot?.Dispose();
            throw;
        }
    }

    private readonly record struct OpenRun(LinqPlan Plan, object?[] Values, Transaction Transaction, Transaction? Snapshot, ISqlDatabase Database);
}
