using System.ComponentModel;
using System.Linq.Expressions;
using DocStore.Collections;
using DocStore.Linq.Running;
using DocStore.Linq.Translation;
using DocStore.Metadata;

namespace DocStore.Linq.Compiled;

/// <summary>
/// What the interceptors that DocStore's generator writes for LINQ query call sites call: the source of a
/// query, the values of its expression tree, and index walks over encoded key bounds (the walks of the
/// generated <c>FindBy…</c> methods). Generated code only; the plan each call runs was chosen at build time
/// (docs/guide/indexes-and-queries.md, "Compiled plans").
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class CompiledQuery
{
    [ThreadStatic]
    private static long t_runs;

    /// <summary>How many queries ran a compiled plan on this thread (tests read it to prove an interceptor ran).</summary>
    internal static long RunsOnThisThread => t_runs;

    private static void CountRun() => t_runs++;

    /// <summary>The typed collection a query made by <c>Query()</c> reads, and the transaction it reads in.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="query">The query.</param>
    /// <param name="transaction">The query's transaction, or null when each execution reads a fresh snapshot.</param>
    /// <returns>The collection; null when <paramref name="query"/> is not a query of a collection of <typeparamref name="T"/> (generated code then runs it as written).</returns>
    /// <exception cref="ArgumentNullException"><paramref name="query"/> is null.</exception>
    public static DocumentCollection<T, TKey>? Source<T, TKey>(IQueryable query, out DocStoreTransaction? transaction)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(query);
        if (query.Provider is CollectionQueryProvider { Collection: DocumentCollection<T, TKey> collection } provider && !collection.IsDropped && collection.EmbeddedReader is not null)
        {
            transaction = provider.Transaction;
            return collection;
        }

        transaction = null;
        return null;
    }

    // Compiled plans walk the embedded engine's trees; Source hands other backends to the runtime path.
    internal static CollectionReader<T, TKey> Reads<T, TKey>(DocumentCollection<T, TKey> collection)
        where TKey : notnull =>
        collection.EmbeddedReader ?? throw new NotSupportedException($"Compiled LINQ plans read the embedded engine; collection '{collection.Name}' is on another backend.");

    /// <summary>The value of a subtree that reads no document: a constant, a captured variable (its <c>FieldInfo</c> is in the tree), a member of one, arithmetic on them.</summary>
    /// <param name="operand">The subtree.</param>
    /// <returns>Its value.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="operand"/> is null.</exception>
    public static object? Value(Expression operand)
    {
        ArgumentNullException.ThrowIfNull(operand);
        return ValueEvaluator.Evaluate(operand);
    }

    /// <summary>This thread's key builder, cleared; valid until the next call on the thread (as the FindBy methods' key).</summary>
    /// <returns>The builder.</returns>
    public static IndexKeyBuilder Key()
    {
        var builder = CollectionScratch.QueryKey;
        if (builder is null || builder.WrittenSpan.Length > 16 * 1024)
        {
            CollectionScratch.QueryKey = builder = new IndexKeyBuilder();
        }

        builder.Clear();
        return builder;
    }

    /// <summary>The one document whose key in unique index <paramref name="index"/> is <paramref name="key"/>, or null.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="key">The encoded key.</param>
    /// <returns>The document or null.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> or <paramref name="key"/> is null.</exception>
    public static T? FindOne<T, TKey>(DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] key)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(key);
        t_runs++;
        return Reads(collection).FindUnique(transaction, index, key);
    }

    /// <summary>
    /// The documents whose entry in <paramref name="index"/> lies from <paramref name="low"/> (inclusive) up to
    /// <paramref name="high"/> (every entry that starts with it or sorts before it; null: to the end), in index
    /// order and then key order, or the reverse; lazy.
    /// </summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for a snapshot of the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound.</param>
    /// <param name="high">The encoded upper bound, or null.</param>
    /// <param name="descending">True to walk from the top.</param>
    /// <param name="skip">Entries to pass over first.</param>
    /// <param name="take">The most documents returned; negative for all.</param>
    /// <returns>The lazy query.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> or <paramref name="low"/> is null.</exception>
    public static DocumentQuery<T> Find<T, TKey>(DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, bool descending, int skip, int take)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(low);
        t_runs++;
        var options = !descending && skip == 0 && take < 0 ? null : new QueryOptions { Descending = descending, Skip = skip, Take = take < 0 ? int.MaxValue : take };
        return Reads(collection).Query(transaction, Reads(collection).CheckIndex(index), low, high, options);
    }

    /// <summary>How many documents <see cref="Find"/> returns for the same bounds, skip and take, counted from the index alone.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for the last commit.</param>
    /// <param name="index">The index position.</param>
    /// <param name="low">The encoded lower bound.</param>
    /// <param name="high">The encoded upper bound, or null.</param>
    /// <param name="skip">Entries passed over first.</param>
    /// <param name="take">The most counted; negative for all.</param>
    /// <returns>The count.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> or <paramref name="low"/> is null.</exception>
    public static long Count<T, TKey>(DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, int index, byte[] low, byte[]? high, int skip, int take)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        t_runs++;
        var count = Math.Max(0, Reads(collection).CountBetween(transaction, index, low, high) - Math.Max(0, skip));
        return take < 0 ? count : Math.Min(count, take);
    }

    /// <summary>The compiled plan as text, in the words of SQL's EXPLAIN, then the values of this execution.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="index">The index position.</param>
    /// <param name="access">The access (<c>index seek</c>, <c>index range</c>, <c>index prefix</c>).</param>
    /// <param name="condition">What the access seeks, with <c>@name</c> for each value.</param>
    /// <param name="sort">How the order is obtained (<c>none</c>, <c>index order</c>).</param>
    /// <param name="names">The values' names, as the condition spells them.</param>
    /// <param name="values">The values.</param>
    /// <returns>The plan.</returns>
    /// <exception cref="ArgumentNullException">An argument is null.</exception>
    public static string Explain<T, TKey>(DocumentCollection<T, TKey> collection, int index, string access, string condition, string sort, string[] names, object?[] values)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(names);
        ArgumentNullException.ThrowIfNull(values);
        return CompiledExplain.Render(collection.Name, collection.Model.Indexes[Reads(collection).CheckIndex(index)].Name, access, condition, sort, names, values);
    }
}
