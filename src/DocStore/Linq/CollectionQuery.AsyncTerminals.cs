using System.Linq.Expressions;

namespace DocStore;

// The query is also an IAsyncEnumerable, so on Query() itself System.Linq.AsyncEnumerable's operators of the
// same names compete with DocStoreQueryable's: ambiguous without a condition, and run in memory with one.
// These members settle the call on the query's own translation.
public sealed partial class CollectionQuery<T>
{
    /// <summary>Runs the query and returns its results as a list (as <see cref="DocStoreQueryable.ToListAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The results.</returns>
    public ValueTask<List<T>> ToListAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.ToListAsync(this, cancellationToken);

    /// <summary>Runs the query and returns its results as an array (as <see cref="DocStoreQueryable.ToArrayAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The results.</returns>
    public ValueTask<T[]> ToArrayAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.ToArrayAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of First (as <see cref="DocStoreQueryable.FirstAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result.</returns>
    public ValueTask<T> FirstAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.FirstAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of First with a condition, translated as in a Where (as <see cref="DocStoreQueryable.FirstAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result.</returns>
    public ValueTask<T> FirstAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.FirstAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of FirstOrDefault (as <see cref="DocStoreQueryable.FirstOrDefaultAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result, or the default.</returns>
    public ValueTask<T?> FirstOrDefaultAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.FirstOrDefaultAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of FirstOrDefault with a condition, translated as in a Where (as <see cref="DocStoreQueryable.FirstOrDefaultAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The first result, or the default.</returns>
    public ValueTask<T?> FirstOrDefaultAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.FirstOrDefaultAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of Single (as <see cref="DocStoreQueryable.SingleAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result.</returns>
    public ValueTask<T> SingleAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.SingleAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of Single with a condition, translated as in a Where (as <see cref="DocStoreQueryable.SingleAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result.</returns>
    public ValueTask<T> SingleAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.SingleAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of SingleOrDefault (as <see cref="DocStoreQueryable.SingleOrDefaultAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result, or the default.</returns>
    public ValueTask<T?> SingleOrDefaultAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.SingleOrDefaultAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of SingleOrDefault with a condition, translated as in a Where (as <see cref="DocStoreQueryable.SingleOrDefaultAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The only result, or the default.</returns>
    public ValueTask<T?> SingleOrDefaultAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.SingleOrDefaultAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of Count (as <see cref="DocStoreQueryable.CountAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results.</returns>
    public ValueTask<int> CountAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.CountAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of Count with a condition, translated as in a Where (as <see cref="DocStoreQueryable.CountAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results.</returns>
    public ValueTask<int> CountAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.CountAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of LongCount (as <see cref="DocStoreQueryable.LongCountAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results.</returns>
    public ValueTask<long> LongCountAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.LongCountAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of LongCount with a condition, translated as in a Where (as <see cref="DocStoreQueryable.LongCountAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The number of results.</returns>
    public ValueTask<long> LongCountAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.LongCountAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of Any (as <see cref="DocStoreQueryable.AnyAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>True when there is a result.</returns>
    public ValueTask<bool> AnyAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.AnyAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of Any with a condition, translated as in a Where (as <see cref="DocStoreQueryable.AnyAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>True when there is a result.</returns>
    public ValueTask<bool> AnyAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.AnyAsync(this, predicate, cancellationToken);
}
