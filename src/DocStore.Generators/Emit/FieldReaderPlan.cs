using System.Collections.Generic;
using System.Linq;
using DocStore.Generators.Model;

namespace DocStore.Generators.Emit;

/// <summary>A planned field reader: the member path from the collection type, its method name and stored path.</summary>
internal sealed record FieldReader(List<(ObjectModel Owner, int Index)> Path, string Name, string StoredPath);

/// <summary>
/// Plans one <c>TryRead{Path}</c> per stored member path through nested documents (not into arrays), named
/// by the path's member names (<c>TryReadAddressCity</c>; a field <c>_hits</c> gives <c>TryReadHits</c>);
/// a second path with the same spelling gets a numeric suffix.
/// </summary>
internal static class FieldReaderPlan
{
    /// <summary>The readers in emit order; <paramref name="keyReader"/> is the key member's, which error messages use.</summary>
    public static List<FieldReader> Plan(CollectionEmitContext context, out string keyReader)
    {
        var readers = new List<FieldReader>();
        var visiting = new HashSet<string> { context.Root.Key };
        keyReader = string.Empty;
        Plan(context, readers, context.Root, new List<(ObjectModel, int)>(), visiting, ref keyReader);
        return readers;
    }

    private static void Plan(CollectionEmitContext context, List<FieldReader> readers, ObjectModel owner, List<(ObjectModel Owner, int Index)> path, HashSet<string> visiting, ref string keyReader)
    {
        for (int i = 0; i < owner.Members.Length; i++)
        {
            MemberModel member = owner.Members[i];
            path.Add((owner, i));
            var steps = path.ToList();
            string name = context.Members.Take("TryRead" + string.Concat(steps.Select(p => Names.Pascal(p.Owner.Members[p.Index].Name))));
            string dotted = string.Join(".", steps.Select(p => p.Owner.Members[p.Index].StoredName));
            readers.Add(new FieldReader(steps, name, dotted));
            if (path.Count == 1 && member.Name == context.Model.Key.MemberName)
            {
                keyReader = name;
            }

            if (member.Type.Kind == ShapeKind.Object && visiting.Add(member.Type.ObjectKey!))
            {
                Plan(context, readers, context.ObjectOf(member.Type), path, visiting, ref keyReader);
                visiting.Remove(member.Type.ObjectKey!);
            }

            path.RemoveAt(path.Count - 1);
        }
    }
}
