namespace DocStore.Storage.Pages;

/// <summary>
/// Arrays indexed by page number that readers use without locks (the page cache's newest entries, the WAL
/// index, a <c>:memory:</c> database's pages). Page numbers are dense from 0, so an array load replaces a
/// hash lookup on every page a read resolves. Only one writer grows a given array: it copies it, then
/// publishes the copy, so a reader holding the older array still sees every entry it had.
/// </summary>
internal static class ByPageArray
{
    /// <summary>
    /// <paramref name="array"/>, grown (doubling, copied, then published) so that <paramref name="pageNumber"/>
    /// is an index of it, but to no more than <paramref name="limit"/> entries (the caller keeps page numbers
    /// below it). Only the array's one writer calls this.
    /// </summary>
    public static T[] Holding<T>(ref T[] array, uint pageNumber, uint limit = int.MaxValue)
    {
        var current = array;
        if (pageNumber >= (uint)current.Length)
        {
            var grown = new T[Math.Min(limit, Math.Max((long)current.Length * 2, (long)pageNumber + 1))];
            current.CopyTo(grown, 0);
            Volatile.Write(ref array, grown);
            current = grown;
        }

        return current;
    }
}
