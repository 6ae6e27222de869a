using DocStore.Linq.Running;

namespace DocStore;

/// <summary>
/// The DocStore operators of LINQ queries made with <c>collection.Query()</c>: asynchronous twins of the
/// standard terminal operators, paging and the plan. Reads are synchronous, so the twins complete
/// synchronously after checking their token. On a query that is not a DocStore query they throw
/// <see cref="InvalidOperationException"/>.
/// </summary>
public static partial class DocStoreQueryable
{
    /// <summary>Runs the query and returns its results as a list.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The results.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query uses an expression that does not translate.</exception>
    public static ValueTask<List<T>> ToListAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default)
    {
        var runner = Runner(source);
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(runner.Enumerate<T>(source.Expression).ToList());
    }

    /// <summary>Runs the query and returns its results as an array.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The results.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<T[]> ToArrayAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default)
    {
        var runner = Runner(source);
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(runner.Enumerate<T>(source.Expression).ToArray());
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.First{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<T> FirstAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.First, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.FirstOrDefault{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result, or the default.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<T?> FirstOrDefaultAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.FirstOrDefault, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Single{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result.</returns>
    /// <exception cref="InvalidOperationException">The query has no result or more than one, or <paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<T> SingleAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Single, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.SingleOrDefault{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result, or the default when there is none.</returns>
    /// <exception cref="InvalidOperationException">The query has more than one result, or <paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<T?> SingleOrDefaultAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.SingleOrDefault, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Count{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<int> CountAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Count, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.LongCount{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<long> LongCountAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.LongCount, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Any{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>True when the query has a result.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<bool> AnyAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Any, cancellationToken);

    /// <summary>
    /// Runs the query for one page: the page size is the query's Take (required), and the page starts at
    /// the query's Skip, or at <paramref name="continuation"/>. The token is the position after the page in
    /// the query's order (not a key), so rows inserted or deleted before it between pages shift what the next page holds.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>, ending in <c>Take(n)</c>.</param>
    /// <param name="continuation">The previous page's <see cref="DocumentPage{T}.Continuation"/>, or null for the first page.</param>
    /// <returns>The page, with the token of the next one when more results follow.</returns>
    /// <exception cref="InvalidOperationException">The query has no Take, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="ArgumentException"><paramref name="continuation"/> is not a token ToPage returned.</exception>
    public static DocumentPage<T> ToPage<T>(this IQueryable<T> source, string? continuation = null) => Runner(source).Page<T>(source.Expression, continuation);

    /// <summary>The asynchronous twin of <see cref="ToPage{T}"/>; it completes synchronously.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>, ending in <c>Take(n)</c>.</param>
    /// <param name="continuation">The previous page's token, or null.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The page.</returns>
    /// <exception cref="InvalidOperationException">The query has no Take, or <paramref name="source"/> is not a DocStore query.</exception>
    public static ValueTask<DocumentPage<T>> ToPageAsync<T>(this IQueryable<T> source, string? continuation = null, CancellationToken cancellationToken = default)
    {
        var runner = Runner(source);
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(runner.Page<T>(source.Expression, continuation));
    }

    /// <summary>
    /// The plan the query runs with, in the words of SQL's EXPLAIN (docs/sql.md): access (index seek,
    /// index range, index prefix, full scan, ...), index, condition, filter and sort, then the parameter values.
    /// </summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <returns>The plan as text.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query uses an expression that does not translate.</exception>
    public static string Explain<T>(this IQueryable<T> source) => Runner(source).Explain(source.Expression);

    private static ValueTask<TResult> Run<T, TResult>(IQueryable<T> source, Func<IQueryable<T>, TResult> terminal, CancellationToken cancellationToken)
    {
        Runner(source);
        cancellationToken.ThrowIfCancellationRequested();
        return ValueTask.FromResult(terminal(source));
    }

    private static LinqRunner Runner<T>(IQueryable<T> source)
    {
        ArgumentNullException.ThrowIfNull(source);
        return source.Provider is CollectionQueryProvider provider
            ? provider.Runner
            : throw new InvalidOperationException($"This operator runs DocStore queries only (made with a collection's Query()); the source is a {source.GetType().Name}.");
    }
}
