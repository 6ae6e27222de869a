namespace DocStore.Storage.Pages;

/// <summary>
/// Allocates page images on the pinned object heap. Committed and cached images live for a while and then
/// die in bulk; on the ordinary heap each one that survives a collection is copied into the next
/// generation, and with a busy cache that copying made most gen-0 collections gen-1 ones (measured: a
/// quarter of a write-heavy loop's time in GC pauses). Pinned-heap objects are never moved: they are swept
/// by gen-2 collections, which for byte arrays mark nothing inside them (and a file database's images are
/// reused besides, see <see cref="PagePool"/>, so few reach the collector). A <c>:memory:</c> database is the
/// exception: it checkpoints every few commits, so the images its pool has no room for die young, where the
/// ordinary heap frees them cheapest (measured before it had a pool: its single insert was 0.92x SQLite on the
/// pinned heap, 1.28x without).
/// </summary>
internal static class PageImages
{
    /// <summary>A page-sized array whose content the caller overwrites in full; <paramref name="longLived"/> puts it on the pinned object heap.</summary>
    public static byte[] Allocate(int pageSize, bool longLived) =>
        GC.AllocateUninitializedArray<byte>(pageSize, pinned: longLived);
}
