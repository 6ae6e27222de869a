using System.Linq.Expressions;

namespace DocStore.Linq.Running;

/// <summary>Runs query expressions over one collection; the provider calls it without knowing the document type.</summary>
internal abstract class LinqRunner
{
    /// <summary>The collection's name.</summary>
    public abstract string Collection { get; }

    /// <summary>The rows of a sequence query, read lazily on a snapshot that stays open while they are enumerated.</summary>
    public abstract IEnumerable<TElement> Enumerate<TElement>(Expression expression);

    /// <summary>A query ending in First, Single, Count, Any or their kin.</summary>
    public abstract TResult Execute<TResult>(Expression expression);

    /// <summary>The plan the query runs with, as text.</summary>
    public abstract string Explain(Expression expression);

    /// <summary>One page of the query: Take's count of rows from the start or from <paramref name="continuation"/>.</summary>
    public abstract DocumentPage<TElement> Page<TElement>(Expression expression, string? continuation);
}
