namespace DocStore.Storage.Pages;

/// <summary>
/// Allocates page images. Cached images live a while and then die in bulk; on the ordinary heap each
/// survivor is copied into the next generation, turning cheap collections into expensive ones, so a file
/// database's images go on the pinned object heap, which never moves them (and <see cref="PagePool"/>
/// reuses most). A <c>:memory:</c> database checkpoints every few commits, so its surplus images die
/// young, which the ordinary heap handles cheapest.
/// </summary>
internal static class PageImages
{
    /// <summary>A page-sized array whose content the caller overwrites in full; <paramref name="longLived"/> puts it on the pinned object heap.</summary>
    public static byte[] Allocate(int pageSize, bool longLived) =>
        GC.AllocateUninitializedArray<byte>(pageSize, pinned: longLived);
}
