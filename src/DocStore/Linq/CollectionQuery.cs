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
public sealed partial class CollectionQuery<T> : IOrderedQueryable<T>, IAsyncEnumerable<T>
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

    /// <summary>Filters the documents (as <see cref="Queryable.Where{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <returns>The filtered query.</returns>
    /// <remarks>
    /// The query is also an <see cref="IAsyncEnumerable{T}"/>, so the operators that both System.Linq.Queryable and
    /// System.Linq.AsyncEnumerable define would be ambiguous on it; these members pick the query's.
    /// </remarks>
    public IQueryable<T> Where(Expression<Func<T, bool>> predicate) => Queryable.Where(this, predicate);

    /// <summary>Orders the documents by a key, ascending (nulls first, strings ordinally).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">A member of the document.</param>
    /// <returns>The ordered query.</returns>
    public IOrderedQueryable<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector) => Queryable.OrderBy(this, keySelector);

    /// <summary>Orders the documents by a key, ascending, with a comparer (only <see cref="StringComparer.Ordinal"/> translates).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">A member of the document.</param>
    /// <param name="comparer">The comparer.</param>
    /// <returns>The ordered query.</returns>
    public IOrderedQueryable<T> OrderBy<TKey>(Expression<Func<T, TKey>> keySelector, IComparer<TKey>? comparer) => Queryable.OrderBy(this, keySelector, comparer);

    /// <summary>Orders the documents by a key, descending, with a comparer (only <see cref="StringComparer.Ordinal"/> translates).</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">A member of the document.</param>
    /// <param name="comparer">The comparer.</param>
    /// <returns>The ordered query.</returns>
    public IOrderedQueryable<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> keySelector, IComparer<TKey>? comparer) => Queryable.OrderByDescending(this, keySelector, comparer);

    /// <summary>Orders the documents by a key, descending.</summary>
    /// <typeparam name="TKey">The key type.</typeparam>
    /// <param name="keySelector">A member of the document.</param>
    /// <returns>The ordered query.</returns>
    public IOrderedQueryable<T> OrderByDescending<TKey>(Expression<Func<T, TKey>> keySelector) => Queryable.OrderByDescending(this, keySelector);

    /// <summary>Projects each document.</summary>
    /// <typeparam name="TResult">The projection's type.</typeparam>
    /// <param name="selector">The projection.</param>
    /// <returns>The projected query.</returns>
    public IQueryable<TResult> Select<TResult>(Expression<Func<T, TResult>> selector) => Queryable.Select(this, selector);

    /// <summary>Skips the first <paramref name="count"/> results.</summary>
    /// <param name="count">The number to skip.</param>
    /// <returns>The query.</returns>
    public IQueryable<T> Skip(int count) => Queryable.Skip(this, count);

    /// <summary>Keeps the first <paramref name="count"/> results.</summary>
    /// <param name="count">The number to keep.</param>
    /// <returns>The query.</returns>
    public IQueryable<T> Take(int count) => Queryable.Take(this, count);

    /// <summary>Runs the query and enumerates its results; the snapshot stays open until the enumerator is disposed.</summary>
    /// <returns>The enumerator.</returns>
    /// <exception cref="QueryTranslationException">The query uses an expression that does not translate.</exception>
    public IEnumerator<T> GetEnumerator() => _provider.Runner.Enumerate<T>(Expression).GetEnumerator();

    /// <summary>Runs the query as an asynchronous sequence. Reads are synchronous; the token is checked before the first result and between results.</summary>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <returns>The enumerator.</returns>
    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default) =>
        AsyncSequence.From(_provider.Runner.Enumerate<T>(Expression), cancellationToken).GetAsyncEnumerator(cancellationToken);

    /// <summary>The query's expression as text (<see cref="DocStoreQueryable.Explain{T}"/> gives its plan).</summary>
    /// <returns>The expression, its source written as <c>Collection.Query()</c>.</returns>
    public override string ToString() => Expression is ConstantExpression ? $"{_provider.Runner.Collection}.Query()" : Expression.ToString();

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
}
