namespace DocStore.Sql.Bound;

/// <summary>
/// A field of the array element that an enclosing <see cref="AnyElementExpr"/> is testing, by field ids
/// under that element (empty: the element itself). Several of these under one <see cref="AnyElementExpr"/>
/// read the same element, so the predicate holds for one element as a whole ("some element satisfies"),
/// where separate <c>[]</c> paths would each pick their own element.
/// </summary>
internal sealed class ElementFieldExpr(int slot, ushort[] ids) : BoundExpr
{
    /// <summary>The element slot of the enclosing <see cref="AnyElementExpr"/>'s path.</summary>
    public int Slot { get; } = slot;

    public ushort[] Ids { get; } = ids;

    /// <summary>The element path in stored names as an index names it (<c>Lines[].Sku</c>), when known; lets a multikey path index answer a condition on it.</summary>
    public string? StoredPath { get; init; }

    public override SqlValue Eval(RowContext row)
    {
        var element = row.Elements[Slot];
        if (Ids.Length == 0)
        {
            return element;
        }

        return element.Kind == SqlKind.Document ? PathReader.ReadSingle(element.Bytes, Ids, element.Boxed!) : SqlValue.Null;
    }
}
