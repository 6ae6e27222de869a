namespace DocStore.Collections;

// A dropped or renamed collection: objects still holding its state must not use trees that are freed (or
// now belong to another name), so their next operation fails instead. The mark is set before the drop
// commits and checked once a read's snapshot is taken, so a read that passes the check sees the trees whole.
internal sealed partial class CollectionState
{
    private int _dropped;

    /// <summary>True once the collection was dropped or renamed; every object over this state is stale.</summary>
    public bool Dropped => Volatile.Read(ref _dropped) != 0;

    public void MarkDropped() => Volatile.Write(ref _dropped, 1);

    public void ThrowIfDropped()
    {
        if (Dropped)
        {
            throw new InvalidOperationException($"Collection '{Name}' was dropped or renamed after this object was opened; get the collection from the context again.");
        }
    }
}
