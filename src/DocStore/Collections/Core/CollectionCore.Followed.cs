using DocStore.Transactions;

namespace DocStore.Collections;

// In a shared open other processes' commits may have changed what the collection's state caches from its
// trees (field names, the sequence); reads inside a write transaction and writes take them in first.
internal sealed partial class CollectionCore<T, TKey>
{
    /// <summary>
    /// Before a write, or a read inside one, in <paramref name="write"/>: catches the state up with other
    /// processes' commits (<see cref="CollectionState.CatchUpForWrite"/>). The primary tree is looked up (an
    /// allocation) only when such commits came in since the last catch-up.
    /// </summary>
    public void CatchUpForWrite(WriteTransaction write)
    {
        var engine = Context.Engine;
        if (engine.FollowsAnotherProcess && State.MissedFollowed(engine.FollowedCommits))
        {
            State.CatchUpForWrite(write, PrimaryTree(write), engine.FollowedCommits);
        }
    }
}
