namespace DocStore.BTree;

/// <summary>
/// Where a leaf cell's value was written: inline (<c>default</c>), or the pages that hold the parts of it
/// its <see cref="Split"/> does not keep in the cell.
/// </summary>
internal readonly record struct OverflowPlace(OverflowSplit Split, uint FirstPage, uint HalfPage, int HalfIndex)
{
    /// <summary>True when the value is in the cell itself.</summary>
    public bool IsInline => Split == default;
}
