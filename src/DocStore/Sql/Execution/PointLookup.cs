using DocStore.Bson.Keys;
using DocStore.Engine.Reads;
using DocStore.Metadata;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// The fast path of <c>Query&lt;T&gt;</c> for a prepared point query (<c>SELECT * FROM c WHERE key = ?</c>, or
/// equality on a unique index): it reads through a bare registered snapshot, as the typed <c>Get</c> does,
/// without a transaction object, trees or the row pipeline. It applies only when everything it needs is
/// already known (plan, tree roots, the number kinds of the trees at this snapshot); otherwise the caller
/// takes the general path, which learns them.
/// </summary>
internal static class PointLookup
{
    private const int MaxStackText = 80;

    // Room for a string of MaxStackText chars, and far more than an integer component takes.
    private const int StackKeyBytes = (MaxStackText * 3) + 16;

    /// <summary>True when <paramref name="plan"/> is a point query this path can answer.</summary>
    public static bool Applies(SelectPlan plan)
    {
        var query = plan.Query;
        if (query is not { Sources.Length: 1, IsAggregate: false, Distinct: false, OrderBy.Length: 0, Limit: null, Offset: null, WholeDocumentSource: 0, Subqueries.Length: 0 }
            || plan.Sources[0].Filter is not null)
        {
            return false;
        }

        var access = plan.Sources[0].Access;
        return access is { Equalities: [[ParameterExpr or LiteralExpr or AffinityExpr { Operand: ParameterExpr } or ComparisonAffinityExpr { Operand: ParameterExpr }]] }
            && (access.Kind == AccessKind.KeySeek || (access is { Kind: AccessKind.IndexSeek, Index: { Unique: true, Paths.Count: 1 } }));
    }

    /// <summary>Looks the document up; null when the fast path cannot run (the caller then runs the statement normally).</summary>
    public static IReadOnlyList<T>? TryRun<T>(ISqlDatabase owner, CompiledStatement compiled, SqlValue[] parameters, IDocumentSerializer<T> serializer)
    {
        var plan = compiled.Plan!;
        var source = plan.Sources[0];
        var collection = source.Source.Collection;
        using var snapshot = SnapshotRead.Begin(owner.Context.Engine);
        var lsn = snapshot.Lsn;
        if (snapshot.RootGeneration != compiled.Catalog.Generation
            || !snapshot.TryGetRoot(collection.PrimaryTree, out var primaryRoot))
        {
            return null;
        }

        var index = source.Access.Index;
        var seekTree = index?.Tree ?? collection.PrimaryTree;
        var seekRoot = primaryRoot;
        if (index is not null && !snapshot.TryGetRoot(index.Tree, out seekRoot))
        {
            return null;
        }

        var value = source.Access.Equalities[0][0] switch
        {
            ParameterExpr parameter => parameters[parameter.Slot],
            AffinityExpr { Operand: ParameterExpr parameter } => parameters[parameter.Slot],
            ComparisonAffinityExpr { Operand: ParameterExpr parameter } => parameters[parameter.Slot],
            var literal => ((LiteralExpr)literal).Value,
        };

        // Text for a typed key (a Guid as text) is converted, or refused, by the normal path.
        if (source.Access.Equalities[0][0] is AffinityExpr or ComparisonAffinityExpr && value.Kind == SqlKind.Text)
        {
            return null;
        }
        if (KeyIntervals.IsPartialKind(value.Kind))
        {
            // Found by a prefix walk (every kind or offset of the instant), which the normal path does.
            return null;
        }

        var integersOnly = false;
        if (value.IsNumber && !owner.KnownIntegersOnly(seekTree, lsn, out integersOnly))
        {
            return null;
        }

        // The common cases are one key: an integer in a tree of integers, or a short string (an email, a
        // name; each char takes at most three bytes). They are encoded on the stack.
        Span<byte> buffer = stackalloc byte[StackKeyBytes];
        var writer = new KeyWriter(buffer);
        if (value.Kind == SqlKind.Integer && integersOnly)
        {
            writer.WriteInt64(value.Integer);
        }
        else if (value.Kind == SqlKind.Text && value.Boxed is string { Length: <= MaxStackText } text)
        {
            writer.WriteString(text);
        }

        if (!writer.WrittenSpan.IsEmpty)
        {
            return TryRead(snapshot, writer.WrittenSpan, out var one) ? [one] : [];
        }

        var result = new List<T>(1);
        foreach (var key in KeyIntervals.Equal([], value, value.IsNumber && integersOnly))
        {
            if (TryRead(snapshot, key, out var found))
            {
                result.Add(found);
            }
        }

        return result;

        bool TryRead(in SnapshotRead read, ReadOnlySpan<byte> key, out T document)
        {
            if (!read.TryGet(seekRoot, seekTree, key, out var found)
                || (index is not null && !read.TryGet(primaryRoot, collection.PrimaryTree, found.Span, out found)))
            {
                document = default!;
                return false;
            }

            document = serializer.Read(found.Span, collection.Fields(null, owner.Context));
            return true;
        }
    }
}
