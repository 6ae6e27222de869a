using DocStore.Bson.Keys;
using DocStore.Query;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>The documents one source's access path reaches, as slices of the stored bytes (nothing decoded).</summary>
internal static class SourceScans
{
    public static IEnumerable<ReadOnlyMemory<byte>> Documents(SourcePlan plan, RowContext row, ExecState state)
    {
        var access = plan.Access;
        var collection = plan.Source.Collection;
        if (collection.DerivedSlot >= 0)
        {
            foreach (var document in DerivedRows.Documents(plan, row))
            {
                yield return document;
            }

            yield break;
        }

        if (access.Kind == AccessKind.SystemTable)
        {
            foreach (var document in SystemTables.Rows(collection.Name, state.Catalog, state.Fields))
            {
                yield return document;
            }

            yield break;
        }

        var primary = state.Tree(collection.PrimaryTree);
        if (primary is null)
        {
            yield break;
        }

        switch (access.Kind)
        {
            case AccessKind.FullScan:
                var cursor = primary.CreateCursor();
                for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
                {
                    yield return cursor.Value;
                }

                break;
            case AccessKind.KeySeek when SeeksPartially(access, row):
                foreach (var entry in KeyWalk.Walk(primary, [.. Prefixes(access.Equalities, row, false).Select(KeyInterval.Prefix)], false, -1))
                {
                    yield return entry.Value;
                }

                break;
            case AccessKind.KeySeek:
                foreach (var key in Prefixes(access.Equalities, row, state.IntegersOnly(primary)))
                {
                    if (primary.TryGet(key, out var document))
                    {
                        yield return document;
                    }
                }

                break;
            case AccessKind.KeyRange or AccessKind.KeyOrder:
                foreach (var entry in KeyWalk.Walk(primary, Intervals(access, row, []), access.Descending, access.Ordered ? 0 : -1))
                {
                    yield return entry.Value;
                }

                break;
            case AccessKind.IndexUnion:
                foreach (var document in UnionScans.Documents(access, row, state, primary))
                {
                    yield return document;
                }

                break;
            default:
                foreach (var document in IndexDocuments(access, row, state, primary))
                {
                    yield return document;
                }

                break;
        }
    }

    /// <summary>The number of documents the access reaches, counted from keys alone (COUNT(*) with nothing else to check).</summary>
    public static long Count(SourcePlan plan, RowContext row, ExecState state)
    {
        var access = plan.Access;
        var primary = state.Tree(plan.Source.Collection.PrimaryTree);
        if (primary is null)
        {
            return 0;
        }

        switch (access.Kind)
        {
            case AccessKind.FullScan or AccessKind.KeyOrder:
                return KeyWalk.Count(primary, [KeyInterval.All]);
            case AccessKind.KeySeek when SeeksPartially(access, row):
                return KeyWalk.Count(primary, [.. Prefixes(access.Equalities, row, false).Select(KeyInterval.Prefix)]);
            case AccessKind.KeySeek:
                return Prefixes(access.Equalities, row, state.IntegersOnly(primary)).Count(k => primary.ContainsKey(k));
            case AccessKind.KeyRange or AccessKind.IndexUnion:
                return Documents(plan, row, state).LongCount();
        }

        var tree = state.Tree(access.Index!.Tree);
        if (tree is null)
        {
            return 0;
        }

        if (access.Kind == AccessKind.IndexSeek && !SeekBounds.Bounded(access))
        {
            return KeyWalk.Count(tree, [.. Prefixes(access.Equalities, row, state.IntegersOnly(tree)).Select(KeyInterval.Prefix)]);
        }

        return access.Kind == AccessKind.IndexOrder ? KeyWalk.Count(tree, [KeyInterval.All]) : Documents(plan, row, state).LongCount();
    }

    /// <summary>True when every equality value the access seeks is of a kind whose key equality is SQL equality.</summary>
    public static bool SeeksExactly(AccessPath access, RowContext row)
    {
        // Loops rather than lambdas: this runs per outer row of an index nested loop, and a closure over the row would allocate.
        foreach (var alternatives in access.Equalities)
        {
            foreach (var value in alternatives)
            {
                if (!KeyIntervals.IsExactKind(value.Eval(row).Kind))
                {
                    return false;
                }
            }
        }

        return true;
    }

    /// <summary>True when some equality value has a partial key (<see cref="KeyIntervals.IsPartialKind"/>): it is found by a prefix walk, not an exact lookup.</summary>
    public static bool SeeksPartially(AccessPath access, RowContext row)
    {
        foreach (var alternatives in access.Equalities)
        {
            foreach (var value in alternatives)
            {
                if (KeyIntervals.IsPartialKind(value.Eval(row).Kind))
                {
                    return true;
                }
            }
        }

        return false;
    }

    private static IEnumerable<ReadOnlyMemory<byte>> IndexDocuments(AccessPath access, RowContext row, ExecState state, BTree.Tree primary)
    {
        var index = access.Index!;
        var tree = state.Tree(index.Tree);
        if (tree is null)
        {
            yield break;
        }

        var components = index.Paths.Count;
        var seen = index.Multikey ? new HashSet<byte[]>(Indexing.ByteArrayEqualityComparer.Instance) : null;
        if (access.Kind == AccessKind.IndexSeek && index.Unique && access.Equalities.Length == components && !SeeksPartially(access, row))
        {
            foreach (var key in Prefixes(access.Equalities, row, state.IntegersOnly(tree)))
            {
                if (tree.TryGet(key, out var primaryKey) && primary.TryGet(primaryKey.Span, out var document) && (seen is null || seen.Add(primaryKey.ToArray())))
                {
                    yield return document;
                }
            }

            yield break;
        }

        List<KeyInterval> intervals;
        var orderComponent = access.Ordered ? access.Equalities.Length : -1;
        if (access.Kind == AccessKind.IndexSeek)
        {
            intervals = SeekIntervals(access, row, state.IntegersOnly(tree));
            orderComponent = access.Ordered && access.Equalities.Length < components && intervals.Count > 1 ? access.Equalities.Length : -1;
        }
        else
        {
            intervals = Intervals(access, row, []);
        }

        foreach (var entry in KeyWalk.Walk(tree, intervals, access.Descending, orderComponent, access.NullsAs, instantTies: access.Ordered))
        {
            // Only a multikey index needs the primary key kept (to skip a document met twice); others look it up in place.
            if (seen is null)
            {
                if (primary.TryGet(index.Unique ? entry.Value.Span : entry.Key.AsSpan(PrimaryKeyStart(entry.Key, components)), out var found))
                {
                    yield return found;
                }

                continue;
            }

            var primaryKey = index.Unique ? entry.Value.ToArray() : PrimaryKeyOf(entry.Key, components);
            if (!seen.Add(primaryKey))
            {
                continue;
            }

            if (primary.TryGet(primaryKey, out var document))
            {
                yield return document;
            }
        }
    }

    /// <summary>The key intervals one branch of an index union walks on <paramref name="tree"/> (the primary tree or the branch's index).</summary>
    public static List<KeyInterval> BranchIntervals(AccessPath branch, RowContext row, ExecState state, BTree.Tree tree) => branch.Kind switch
    {
        AccessKind.KeySeek => [.. Prefixes(branch.Equalities, row, false).Select(KeyInterval.Prefix)],
        AccessKind.IndexSeek => SeekIntervals(branch, row, state.IntegersOnly(tree)),
        _ => Intervals(branch, row, []),
    };

    /// <summary>
    /// An index seek's intervals: each combination of the equalities, narrowed to the range or prefix on the
    /// next component when there is one (not after a partial key, which ends mid-component).
    /// </summary>
    private static List<KeyInterval> SeekIntervals(AccessPath access, RowContext row, bool integersOnly)
    {
        var prefixes = Prefixes(access.Equalities, row, integersOnly);
        if (!SeekBounds.Bounded(access) || SeeksPartially(access, row))
        {
            return [.. prefixes.Select(KeyInterval.Prefix)];
        }

        return [.. prefixes.SelectMany(prefix => Intervals(access, row, prefix))];
    }

    private static int PrimaryKeyStart(byte[] treeKey, int components)
    {
        var reader = new KeyReader(treeKey);
        for (var c = 0; c < components; c++)
        {
            reader.Skip();
        }

        return treeKey.Length - reader.Remaining.Length;
    }

    /// <summary>The primary key that ends a non-unique index entry's key, after its <paramref name="components"/>.</summary>
    public static byte[] PrimaryKeyOf(byte[] treeKey, int components)
    {
        var reader = new KeyReader(treeKey);
        for (var c = 0; c < components; c++)
        {
            reader.Skip();
        }

        return reader.Remaining.ToArray();
    }

    private static List<KeyInterval> Intervals(AccessPath access, RowContext row, byte[] prefix)
    {
        if (access.LikePrefix is { } like)
        {
            return [row.CaseSensitiveLike ? KeyIntervals.StringPrefix(prefix, like) : KeyIntervals.StringPrefixAnyCase(prefix, like)];
        }

        if (access.PrefixValue?.Eval(row) is { } start)
        {
            List<KeyInterval> stretch = start.Kind == SqlKind.Text ? [KeyIntervals.StringPrefix(prefix, start.AsString())] : [];
            return NullInclusiveRanges.Visit(access, row) ? [KeyIntervals.All(prefix)[0], .. stretch] : stretch;
        }

        if (access.Low is null && access.High is null)
        {
            return KeyIntervals.All(prefix);
        }

        var range = KeyIntervals.Range(prefix, access.Low?.Eval(row), access.High?.Eval(row));
        return range is null ? KeyIntervals.All(prefix) : NullInclusiveRanges.Visit(access, row) ? [KeyIntervals.All(prefix)[0], .. range] : range;
    }

    /// <summary>Every combination of the leading components' encodings, each distinct once.</summary>
    private static List<byte[]> Prefixes(BoundExpr[][] equalities, RowContext row, bool integersOnly)
    {
        if (equalities is [[var single]])
        {
            // The common point lookup: one value, no combinations to build.
            return KeyIntervals.Equal([], single.Eval(row), integersOnly);
        }

        List<byte[]> prefixes = [[]];
        foreach (var alternatives in equalities)
        {
            var next = new List<byte[]>();
            var seen = new HashSet<byte[]>(Indexing.ByteArrayEqualityComparer.Instance);
            var partial = false;
            foreach (var prefix in prefixes)
            {
                foreach (var value in alternatives)
                {
                    var evaluated = value.Eval(row);
                    partial |= KeyIntervals.IsPartialKind(evaluated.Kind);
                    foreach (var key in KeyIntervals.Equal(prefix, evaluated, integersOnly && prefix.Length == 0))
                    {
                        if (seen.Add(key))
                        {
                            next.Add(key);
                        }
                    }
                }
            }

            prefixes = next;

            // A partial key ends mid-component: later components cannot be appended, and the recheck filters them.
            if (partial)
            {
                break;
            }
        }

        return prefixes;
    }
}
