using System.Linq.Expressions;
using DocStore.Linq.Translation;

namespace DocStore.Linq.Compiled;

// Key lookups for ids.Contains(p.Id): the list's keys, each once, in key order.
public static partial class CompiledQuery
{
    /// <summary>The distinct keys of a list operand, sorted; null when its value is not a sequence of <typeparamref name="TKey"/> (generated code then runs the query as written).</summary>
    /// <typeparam name="TKey">The primary key type (an integer).</typeparam>
    /// <param name="list">The list's subtree (C# 14 binds <c>array.Contains</c> through a span: the conversion is looked through).</param>
    /// <returns>The keys, or null.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="list"/> is null.</exception>
    public static TKey[]? Keys<TKey>(Expression list)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(list);
        while (true)
        {
            if (list is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } conversion)
            {
                list = conversion.Operand;
            }
            else if (list is MethodCallExpression { Method.Name: "op_Implicit", Arguments: [var operand] })
            {
                list = operand;
            }
            else
            {
                break;
            }
        }

        if (ValueEvaluator.Evaluate(list) is not IEnumerable<TKey> values)
        {
            return null;
        }

        var keys = values.ToArray();
        Array.Sort(keys);
        int distinct = 0;
        for (int i = 0; i < keys.Length; i++)
        {
            if (distinct == 0 || !EqualityComparer<TKey>.Default.Equals(keys[distinct - 1], keys[i]))
            {
                keys[distinct++] = keys[i];
            }
        }

        return distinct == keys.Length ? keys : keys[..distinct];
    }

    /// <summary>The documents with the given keys, in their order, after <paramref name="skip"/> of them and at most <paramref name="take"/>; lazy.</summary>
    /// <typeparam name="T">The document type.</typeparam>
    /// <typeparam name="TKey">The primary key type.</typeparam>
    /// <param name="collection">The collection.</param>
    /// <param name="transaction">The transaction to read in, or null for the last commit.</param>
    /// <param name="keys">The keys, from <see cref="Keys{TKey}"/>.</param>
    /// <param name="skip">Documents passed over first.</param>
    /// <param name="take">The most returned; negative for all.</param>
    /// <returns>The documents found.</returns>
    /// <exception cref="ArgumentNullException"><paramref name="collection"/> or <paramref name="keys"/> is null.</exception>
    public static IEnumerable<T> FindKeys<T, TKey>(DocumentCollection<T, TKey> collection, DocStoreTransaction? transaction, TKey[] keys, int skip, int take)
        where TKey : notnull
    {
        ArgumentNullException.ThrowIfNull(collection);
        ArgumentNullException.ThrowIfNull(keys);
        CountRun();
        return Lookups(Reads(collection), transaction, keys, Math.Max(0, skip), take < 0 ? int.MaxValue : take);
    }

    private static IEnumerable<T> Lookups<T, TKey>(Collections.CollectionReader<T, TKey> reader, DocStoreTransaction? transaction, TKey[] keys, int skip, int take)
        where TKey : notnull
    {
        // One view for every key: the lookups are read together when enumeration starts.
        foreach (var document in reader.GetAll(transaction, keys))
        {
            if (take == 0)
            {
                yield break;
            }

            if (skip > 0)
            {
                skip--;
                continue;
            }

            take--;
            yield return document;
        }
    }
}
