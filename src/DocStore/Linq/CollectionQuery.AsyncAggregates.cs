using System.Linq.Expressions;

namespace DocStore;

// AllAsync, MinAsync and MaxAsync on Query() itself: System.Linq.AsyncEnumerable's operators of these names
// would otherwise compete with DocStoreQueryable's (ambiguous) or, given a delegate, test every document in memory.
public sealed partial class CollectionQuery<T>
{
    /// <summary>The asynchronous twin of All, translated as a Where (as <see cref="DocStoreQueryable.AllAsync{T}(IQueryable{T}, Expression{Func{T, bool}}, CancellationToken)"/>).</summary>
    /// <param name="predicate">The condition; see docs/guide/indexes-and-queries.md for what translates.</param>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>True when every result meets the condition (also when there is none).</returns>
    public ValueTask<bool> AllAsync(Expression<Func<T, bool>> predicate, CancellationToken cancellationToken = default) => DocStoreQueryable.AllAsync(this, predicate, cancellationToken);

    /// <summary>The asynchronous twin of Min (as <see cref="DocStoreQueryable.MinAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The smallest result.</returns>
    public ValueTask<T?> MinAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.MinAsync(this, cancellationToken);

    /// <summary>The asynchronous twin of Max (as <see cref="DocStoreQueryable.MaxAsync{T}(IQueryable{T}, CancellationToken)"/>).</summary>
    /// <param name="cancellationToken">Checked before the query runs.</param>
    /// <returns>The largest result.</returns>
    public ValueTask<T?> MaxAsync(CancellationToken cancellationToken = default) => DocStoreQueryable.MaxAsync(this, cancellationToken);
}
