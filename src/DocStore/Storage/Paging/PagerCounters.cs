namespace DocStore.Storage.Paging;

/// <summary>
/// Engine statistics the pager keeps: counts of things it did since the database was opened, kept for a
/// later metrics feature to publish. The writer raises them under the write lock; anyone may read them.
/// </summary>
internal sealed class PagerCounters
{
    private long _redoEarlyStarts;
    private long _redoRewrites;
    private long _spilledFrames;

    /// <summary>Redo records started before their transaction made its changes (see <see cref="RedoJournal.BeginEarly"/>).</summary>
    public long RedoEarlyStarts => Volatile.Read(ref _redoEarlyStarts);

    /// <summary>
    /// Redo records started early whose transaction then changed something it had not announced, so they
    /// were erased and written again: disk work spent twice. The collections announce exactly what they
    /// change, so this stays 0 under them.
    /// </summary>
    public long RedoRewrites => Volatile.Read(ref _redoRewrites);

    /// <summary>Frames large write transactions spilled to the WAL before their commits (see <see cref="SpillLog.Spill"/>).</summary>
    public long SpilledFrames => Volatile.Read(ref _spilledFrames);

    internal void CountSpill(int frames) => Volatile.Write(ref _spilledFrames, _spilledFrames + frames);

    internal void CountRedoEarlyStart() => Volatile.Write(ref _redoEarlyStarts, _redoEarlyStarts + 1);

    internal void CountRedoRewrite() => Volatile.Write(ref _redoRewrites, _redoRewrites + 1);
}
