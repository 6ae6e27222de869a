using System.Collections;
using System.Linq.Expressions;
using DocStore.Collections;
using DocStore.Linq.Running;

namespace DocStore;

/// <summary>
/// A LINQ query over a typed collection, from <c>collection.Query()</c>. Compose it with the standard
/// operators (Where, OrderBy, ThenBy, Skip, Take, Select); it is translated into a query plan that uses
/// the collection's indexes, with C#'s meaning for nulls, missing fields and string order
/// (docs/guide/indexes-and-queries.md). Each enumeration runs the query again, on a fresh snapshot or in
/// the transaction the query was made with. An expression that does not translate throws
/// <see cref="QueryTranslationException"/> when the query runs; nothing is evaluated in memory instead.
/// </summary>
/// <typeparam name="T">The element type: the document type, or a projection's.</typeparam>
[System.Diagnostics.CodeAnalysis.SuppressMessage("Naming", "CA1710:Identifiers should have correct suffix", Justification = "A query, not a collection.")]
public sealed class CollectionQuery<T> : IOrderedQueryable<T>, IAsyncEnumerable<T>
{
    private readonly CollectionQueryProvider _provider;

    internal CollectionQuery(CollectionQueryProvider provider, Expression? expression)
    {
        _provider = provider;
        Expression = expression ?? Expression.Constant(this);
    }

    /// <summary>The element type, <typeparamref name="T"/>.</summary>
    public Type ElementType => typeof(T);

    /// <summary>The query's expression tree.</summary>
    public Expression Expression { get; }

    /// <summary>The provider that builds and runs the query.</summary>
    public IQueryProvider Provider => _provider;

    internal LinqRunner Runner => _provider.Runner;

    /// <summary>Runs the query and enumerates its results; the snapshot stays open until the enumerator is disposed.</summary>
    /// <returns>The enumerator.</returns>
    /// <exception cref="QueryTranslationException">The query uses an expression that does not translate.</exception>
    public IEnumerator<T> GetEnumerator() => _provider.Runner.Enumerate<T>(Expression).GetEnumerator();

    /// <summary>Runs the query as an asynchronous sequence. Reads are synchronous; the token is checked before the first result and between results.</summary>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The enumerator.</returns>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) =>
        AsyncSequence.From(_provider.Runner.Enumerate<T>(Expression), cancellationToken).GetAsyncEnumerator(cancellationToken);

    /// <summary>The query's plan as text (as <see cref="DocStoreQueryable.Explain{T}"/> gives it).</summary>
    /// <returns>The plan.</returns>
    public override string ToString() => Expression.ToString();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
