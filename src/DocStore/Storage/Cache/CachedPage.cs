namespace DocStore.Storage.Cache;

/// <summary>
/// One page image in the <see cref="PageCache"/>, with room for one structure a higher layer derives from
/// it. The image never changes once cached, so whatever is derived from it stays true for as long as the
/// entry lives; the B+tree keeps the search heads of a node page here (<c>KeyHeads</c>).
/// </summary>
internal sealed class CachedPage(uint pageNumber, long version, byte[] image)
{
    private object? _derived;
    private int _uses;

    public uint PageNumber { get; } = pageNumber;

    /// <summary>The LSN of the WAL frame the image came from, or 0 for the database file's image.</summary>
    public long Version { get; } = version;

    public byte[] Image { get; } = image;

    /// <summary>Set by lookups, cleared by the clock hand: a second chance before eviction.</summary>
    public volatile bool Referenced;

    /// <summary>
    /// Sets <see cref="Referenced"/> unless it is set already. Hot pages (the roots) are read by every lookup on
    /// every core; storing into their entry each time would make its cache line move between cores on each
    /// read, where a load alone lets every core keep a shared copy.
    /// </summary>
    public void MarkReferenced()
    {
        if (!Referenced)
        {
            Referenced = true;
        }
    }

    /// <summary>Removed from the cache (read without the cache's lock by its array fast path).</summary>
    public volatile bool Dead;

    /// <summary>Where the cache keeps the entry in its CLOCK ring (the cache's lock guards it).</summary>
    public int Slot;

    /// <summary>
    /// The object <paramref name="build"/> derives from the image, built on the <paramref name="afterUses"/>-th
    /// call and kept from then on; null before that, or when <paramref name="build"/> returns null. Pages read
    /// once or twice before eviction (a cold scan) never pay for the build. Racing callers may each build;
    /// the results are equal, and one of them is kept.
    /// </summary>
    public object? Derived(int afterUses, Func<byte[], object?> build)
    {
        if (Volatile.Read(ref _derived) is { } derived)
        {
            return derived;
        }

        // Not atomic on purpose: a lost increment only delays the build by a use.
        if (++_uses < afterUses)
        {
            return null;
        }

        var built = build(Image);
        Volatile.Write(ref _derived, built);
        return built;
    }
}
