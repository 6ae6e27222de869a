using System.Collections;
using System.ComponentModel;
using System.Linq.Expressions;
using DocStore.Collections;

namespace DocStore.Linq.Compiled;

/// <summary>
/// The query an interceptor returns for the last operator of a compiled chain (<c>Where</c>, <c>OrderBy</c>,
/// <c>Skip</c>, ...): enumerating it (<c>foreach</c>, <c>List.AddRange</c>, <c>Enumerable.ToList</c>, LINQ to
/// objects on top) runs the compiled plan with the values the tree holds at that moment. Anything that reads
/// it as a query (a further operator, a terminal the generator did not compile) gets the query as written,
/// built on first use, so it runs through the run-time planner. Generated code only.
/// </summary>
/// <typeparam name="T">The document type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1710:Identifiers should have correct suffix", Justification = "A query, not a collection.")]
public abstract class CompiledSequence<T> : IOrderedQueryable<T>, IAsyncEnumerable<T>
{
    private IQueryable<T>? _written;

    /// <summary>The element type, <typeparamref name="T"/>.</summary>
    public Type ElementType => typeof(T);

    /// <summary>The expression tree of the query as written.</summary>
    public Expression Expression => Written.Expression;

    /// <summary>The provider of the query as written.</summary>
    public IQueryProvider Provider => Written.Provider;

    private IQueryable<T> Written => _written ??= Compose();

    /// <summary>Runs the compiled plan and enumerates its results, or the query as written when a value does not fit the plan.</summary>
    /// <returns>The enumerator.</returns>
    public IEnumerator<T> GetEnumerator() => (Run() ?? Written).GetEnumerator();

    /// <summary>As <see cref="GetEnumerator"/>, checking the token before the first result and between results.</summary>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The enumerator.</returns>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) =>
        AsyncSequence.From(Run() ?? Written, cancellationToken).GetAsyncEnumerator(cancellationToken);

    /// <summary>The query's expression as text.</summary>
    /// <returns>The text of the query as written.</returns>
    public override string ToString() => Written.ToString() ?? string.Empty;

    /// <summary>The query as written: the intercepted operator called on its source.</summary>
    /// <returns>The query.</returns>
    protected abstract IQueryable<T> Compose();

    /// <summary>The compiled plan's results with this execution's values; null when a value needs the run-time planner.</summary>
    /// <returns>The lazy results, or null.</returns>
    protected abstract IEnumerable<T>? Run();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
