using DocStore.Linq.Running;

namespace DocStore;

/// <summary>
/// Gives every typed collection its LINQ surface, <c>collection.Query()</c>. Extension members rather
/// than methods of <see cref="DocumentCollection{T, TKey}"/> so that the collections' layer does not
/// depend on the query translation above it.
/// </summary>
public static class DocumentCollectionQuery
{
    /// <summary>The collection whose LINQ surface the members below give.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection the queries read.</param>
    extension<T, TKey>(DocumentCollection<T, TKey> collection)
        where TKey : notnull
    {
        /// <summary>A LINQ query over the collection; each execution reads a fresh snapshot.</summary>
        /// <returns>The query, ready for Where, OrderBy, Skip, Take, Select and the rest.</returns>
        public CollectionQuery<T> Query() => Create(collection, null);

        /// <summary>A LINQ query that reads in <paramref name="transaction"/>, seeing its uncommitted writes.</summary>
        /// <param name="transaction">The transaction (of this collection's context).</param>
        /// <returns>The query.</returns>
        /// <exception cref="ArgumentNullException"><paramref name="transaction"/> is null.</exception>
        public CollectionQuery<T> Query(DocStoreTransaction transaction)
        {
            ArgumentNullException.ThrowIfNull(transaction);
            return Create(collection, transaction);
        }
    }

    private static CollectionQuery<T> Create<T, TKey>(DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        var runner = new DocumentRunner<T>(collection.Context, collection.Name, collection.Model, transaction, () => collection.IsDropped);
        return new CollectionQuery<T>(new CollectionQueryProvider(runner, collection, transaction), null);
    }
}
