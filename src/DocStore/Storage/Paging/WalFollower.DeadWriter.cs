namespace DocStore.Storage.Paging;

/// <summary>
/// A writer process that died while it changed the shared header (docs/storage.md, "Many processes"). Died
/// mid-publish, the header's fields name whole commits either way. Died mid-restart, the WAL file may already
/// start a new generation that the header never names: a writer trusting the header would then append frames
/// under the old salt behind the new header (lost at the next recovery), or catch up on frames the restart
/// cut away, and a reader would read them. The WAL file decides instead.
/// </summary>
internal sealed partial class WalFollower
{
    // Under the gate, holding the writer lock that a writer left with the header mid-change. A restart copies
    // every commit into the database file before it writes the new header, so the new generation starts
    // empty, right after the last commit.
    private void RepairAfterDeadWriter(Sharing.SharedWriter writer)
    {
        var onDisk = _state.Wal!.ReadHeaderOnDisk();
        if (writer.Published() is { IsPublished: true } published
            && (published.Salt != onDisk.Salt || published.FirstLsn != onDisk.FirstLsn))
        {
            writer.PublishGeneration(onDisk.Salt, onDisk.FirstLsn);
        }
    }

    // Under the gate, with no reader live and the lowest mark set: the header was left mid-change and no
    // writer holds the lock. When the WAL file starts a generation this view does not know, its writer died
    // restarting it, after copying everything into the database file: the view starts over from the file.
    // Either way the view then takes in the last commit the header's fields name (each field is whole): while
    // this process held no live mark, checkpoints may have copied commits past its old view into the file,
    // and a delta resting on a newer file image than its chain expects would not rebuild.
    private void FollowDeadWriter()
    {
        var wal = _state.Wal!;
        var onDisk = wal.ReadHeaderOnDisk().Salt;
        if (onDisk != wal.Salt)
        {
            StartOver(wal, onDisk);
        }

        var left = Sharing.SharedPublication.ReadLeftMidChange(_slot.Shared);
        if (left.Salt == wal.Salt && left.FirstLsn == wal.FirstLsn)
        {
            TakeIn(left.VisibleLsn);
        }
    }
}
