namespace DocStore.Storage.Pages;

/// <summary>The kind of a page, stored in byte 4 of every page. Zero is never valid, so a zeroed page is caught.</summary>
internal enum PageType : byte
{
    /// <summary>Page 0: the file header.</summary>
    Header = 1,

    /// <summary>A B+tree leaf: keys and values (or overflow pointers).</summary>
    Leaf = 2,

    /// <summary>A B+tree branch: separator keys and child page numbers.</summary>
    Branch = 3,

    /// <summary>One page of a value's overflow chain.</summary>
    Overflow = 4,

    /// <summary>A free-list trunk: page numbers of free pages.</summary>
    FreeTrunk = 5,

    /// <summary>Two halves, each the last part of one overflowing value (<see cref="BTree.OverflowHalves"/>).</summary>
    OverflowHalves = 6,
}
