using System.Linq.Expressions;

namespace DocStore;

// The async twins of the aggregates. Their sync twins run the planned query (filter through the indexes,
// only the selected fields read) and fold its values as LINQ-to-objects does; these run the same after
// checking the token.
public static partial class DocStoreQueryable
{
    /// <summary>The asynchronous twin of <see cref="Queryable.All{TSource}(IQueryable{TSource}, Expression{Func{TSource, bool}})"/>: true unless a result fails the condition, found as Any over the negated condition.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>True when every result meets the condition (also when there is none).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<bool> AllAsync<T>(this IQueryable<T> source, Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(predicate);
        return Run(source, q => Queryable.All(q, predicate), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, int}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<int> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, int>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Int32}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<int?> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, int?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, long}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<long> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, long>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Int64}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<long?> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, long?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, float}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, float>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Single}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float?> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, float?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, double}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, double>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Double}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, double?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, decimal}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, decimal>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Decimal}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal?> SumAsync<T>(this IQueryable<T> source, Expression<Func<T, decimal?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Sum(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{int})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<int> SumAsync(this IQueryable<int> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{Nullable{Int32}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<int?> SumAsync(this IQueryable<int?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{long})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<long> SumAsync(this IQueryable<long> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{Nullable{Int64}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<long?> SumAsync(this IQueryable<long?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{float})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float> SumAsync(this IQueryable<float> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{Nullable{Single}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float?> SumAsync(this IQueryable<float?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{double})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> SumAsync(this IQueryable<double> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{Nullable{Double}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> SumAsync(this IQueryable<double?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{decimal})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal> SumAsync(this IQueryable<decimal> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Sum(IQueryable{Nullable{Decimal}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The sum (0 for no result; nulls are left out).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal?> SumAsync(this IQueryable<decimal?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Sum, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, int}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, int>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Int32}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, int?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, long}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, long>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Int64}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, long?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, float}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, float>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Single}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float?> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, float?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, double}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, double>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Double}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, double?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, decimal}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, decimal>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average{TSource}(IQueryable{TSource}, Expression{Func{TSource, Nullable{Decimal}}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal?> AverageAsync<T>(this IQueryable<T> source, Expression<Func<T, decimal?>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Average(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{int})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> AverageAsync(this IQueryable<int> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{Nullable{Int32}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> AverageAsync(this IQueryable<int?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{long})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> AverageAsync(this IQueryable<long> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{Nullable{Int64}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> AverageAsync(this IQueryable<long?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{float})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float> AverageAsync(this IQueryable<float> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{Nullable{Single}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<float?> AverageAsync(this IQueryable<float?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{double})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double> AverageAsync(this IQueryable<double> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{Nullable{Double}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<double?> AverageAsync(this IQueryable<double?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{decimal})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average.</returns>
    /// <exception cref="InvalidOperationException">The query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal> AverageAsync(this IQueryable<decimal> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Average(IQueryable{Nullable{Decimal}})"/>.</summary>
    /// <param name="source">A query from <c>collection.Query()</c> that selects the values.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The average (null when there is no value).</returns>
    /// <exception cref="InvalidOperationException"><paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<decimal?> AverageAsync(this IQueryable<decimal?> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Average, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Min{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The smallest result (the default of a nullable or reference type when there is none).</returns>
    /// <exception cref="InvalidOperationException">A non-nullable value query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<T?> MinAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Min, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Min{TSource, TResult}(IQueryable{TSource}, Expression{Func{TSource, TResult}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The smallest value (the default of a nullable or reference type when there is none).</returns>
    /// <exception cref="InvalidOperationException">A non-nullable value query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<TResult?> MinAsync<T, TResult>(this IQueryable<T> source, Expression<Func<T, TResult>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Min(q, selector), cancellationToken);
    }

    /// <summary>The asynchronous twin of <see cref="Queryable.Max{TSource}(IQueryable{TSource})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The largest result (the default of a nullable or reference type when there is none).</returns>
    /// <exception cref="InvalidOperationException">A non-nullable value query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<T?> MaxAsync<T>(this IQueryable<T> source, CancellationToken cancellationToken = default) =>
        Run(source, Queryable.Max, cancellationToken);

    /// <summary>The asynchronous twin of <see cref="Queryable.Max{TSource, TResult}(IQueryable{TSource}, Expression{Func{TSource, TResult}})"/>.</summary>
    /// <typeparam name="T">The element type.</typeparam>
    /// <typeparam name="TResult">The value type.</typeparam>
    /// <param name="source">A query from <c>collection.Query()</c>.</param>
    /// <param name="selector">The value of each result, read from its stored fields.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The largest value (the default of a nullable or reference type when there is none).</returns>
    /// <exception cref="InvalidOperationException">A non-nullable value query has no result, or <paramref name="source"/> is not a DocStore query.</exception>
    /// <exception cref="QueryTranslationException">The query or the lambda does not translate.</exception>
    /// <exception cref="OperationCanceledException"><paramref name="cancellationToken"/> is cancelled.</exception>
    public static ValueTask<TResult?> MaxAsync<T, TResult>(this IQueryable<T> source, Expression<Func<T, TResult>> selector, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(selector);
        return Run(source, q => Queryable.Max(q, selector), cancellationToken);
    }
}
