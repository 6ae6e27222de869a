namespace DocStore.Storage.Pages;

/// <summary>
/// Allocates page images. Cached and committed images live a while and then die in bulk: on the ordinary
/// heap each survivor would be copied from generation to generation, so long-lived images go on the pinned
/// object heap, which never moves them (and file databases reuse them through <see cref="PagePool"/>). A
/// <c>:memory:</c> database's surplus images die young, where the ordinary heap frees them cheapest.
/// </summary>
internal static class PageImages
{
    /// <summary>A page-sized array whose content the caller overwrites in full; <paramref name="longLived"/> puts it on the pinned object heap.</summary>
    public static byte[] Allocate(int pageSize, bool longLived) =>
        GC.AllocateUninitializedArray<byte>(pageSize, pinned: longLived);
}
