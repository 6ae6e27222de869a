using System.Linq.Expressions;

namespace DocStore;

// The async twins of the terminal operators that take a condition. Without them such a call on a query
// compiles only against System.Linq.AsyncEnumerable, which would test every document in memory.
public static partial class DocStoreQueryable
{
    /// <summary>The asynchronous twin of <see cref="Queryable.First{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result that matches.</returns>
    /// <exception cref="InvalidOperationException">No result matches, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<T> FirstAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.First(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.FirstOrDefault{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result that matches, or the default.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<T?> FirstOrDefaultAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.FirstOrDefault(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Single{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result that matches.</returns>
    /// <exception cref="InvalidOperationException">No result or more than one matches, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<T> SingleAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.Single(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.SingleOrDefault{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result that matches, or the default when none does.</returns>
    /// <exception cref="InvalidOperationException">More than one result matches, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<T?> SingleOrDefaultAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.SingleOrDefault(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Count{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results that match.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<int> CountAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.Count(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.LongCount{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results that match.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<long> LongCountAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.LongCount(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Any{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: the condition is translated as in a Where.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>True when a result matches.</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The condition does not translate.</exception>
    public static ValueTask<bool> AnyAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.Any(q, predicate), cancellationToken);
    }
}
