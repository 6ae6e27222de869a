namespace DocStore.BTree;

/// <summary>
/// How a value that is not inline is divided (<see cref="Node.SplitOverflow"/>): the first <see cref="Chain"/>
/// bytes in whole overflow pages, the next <see cref="Half"/> in half of a shared page, the last
/// <see cref="Tail"/> in the leaf cell.
/// </summary>
internal readonly record struct OverflowSplit(int Chain, int Half, int Tail)
{
    /// <summary>Where the tail starts in the cell's stored bytes: after the first page's number and any half's reference.</summary>
    public int TailOffset => 4 + (Half != 0 ? OverflowHalves.ReferenceSize : 0);
}
