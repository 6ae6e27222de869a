using System.Linq.Expressions;

namespace DocStore.Linq.Running;

/// <summary>
/// The <see cref="IQueryProvider"/> of a collection's queries: the standard operators build the
/// expression through it, and running one hands it to the collection's <see cref="LinqRunner"/>.
/// </summary>
internal sealed class CollectionQueryProvider(LinqRunner runner, object? collection = null, DocStoreTransaction? transaction = null) : IQueryProvider
{
    public LinqRunner Runner { get; } = runner;

    /// <summary>The typed collection the query reads, for compiled plans (Linq/Compiled); null when unknown.</summary>
    public object? Collection { get; } = collection;

    /// <summary>The transaction the query reads in, or null for a fresh snapshot per execution.</summary>
    public DocStoreTransaction? Transaction { get; } = transaction;

    public IQueryable<TElement> CreateQuery<TElement>(Expression expression) => new CollectionQuery<TElement>(this, expression);

    public IQueryable CreateQuery(Expression expression) =>
        throw new NotSupportedException("DocStore queries are built with the generic query operators of System.Linq.Queryable.");

    public TResult Execute<TResult>(Expression expression) => Runner.Execute<TResult>(expression);

    public object? Execute(Expression expression) =>
        throw new NotSupportedException("DocStore queries are run with the generic query operators of System.Linq.Queryable.");
}
