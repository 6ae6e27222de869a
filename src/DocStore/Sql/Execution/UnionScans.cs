using DocStore.Query;
using DocStore.Sql.Binding;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// Runs an index union: the key intervals of every branch, grouped by the tree they walk and merged where
/// they overlap, then walked tree by tree. A document reached from two trees, or twice through a multikey
/// index, is returned once (tracked by primary key); the query's filter checks each one.
/// </summary>
internal static class UnionScans
{
    public static IEnumerable<ReadOnlyMemory<byte>> Documents(AccessPath access, RowContext row, ExecState state, BTree.Tree primary)
    {
        var groups = new List<(SqlIndex? Index, BTree.Tree Tree, List<KeyInterval> Intervals)>();
        foreach (var branch in access.Branches)
        {
            var tree = branch.Index is null ? primary : state.Tree(branch.Index.Tree);
            if (tree is null)
            {
                continue;
            }

            var at = groups.FindIndex(g => ReferenceEquals(g.Index, branch.Index));
            if (at < 0)
            {
                groups.Add((branch.Index, tree, []));
                at = groups.Count - 1;
            }

            groups[at].Intervals.AddRange(SourceScans.BranchIntervals(branch, row, state, tree));
        }

        var seen = groups.Count > 1 || groups.Any(g => g.Index is { Multikey: true }) ? new HashSet<byte[]>(Indexing.ByteArrayEqualityComparer.Instance) : null;
        foreach (var (index, tree, intervals) in groups)
        {
            foreach (var entry in KeyWalk.Walk(tree, IntervalMerge.Merge(intervals), false, -1))
            {
                if (index is null)
                {
                    if (seen is null || seen.Add(entry.Key))
                    {
                        yield return entry.Value;
                    }

                    continue;
                }

                var primaryKey = index.Unique ? entry.Value.ToArray() : SourceScans.PrimaryKeyOf(entry.Key, index.Paths.Count);
                if ((seen is null || seen.Add(primaryKey)) && primary.TryGet(primaryKey, out var document))
                {
                    yield return document;
                }
            }
        }
    }
}
