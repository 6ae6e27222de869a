using System.Diagnostics;

namespace DocStore.Storage.Paging;

/// <summary>
/// How long a checkpoint holding the write lock waits for readers of older snapshots or epochs to leave,
/// and the long readers (a backup, a compaction's copy) it does not wait long for.
/// </summary>
internal sealed class ReaderWait
{
    // Point reads and short scans take microseconds, so this covers a reader that lost its processor. A
    // checkpoint forced by the journal's bound waits longer, since the log grows until it succeeds, unless a
    // known long reader is live (see _longReaders).
    private static readonly long ReaderWaitTicks = Stopwatch.Frequency / 50;
    private static readonly long ForcedReaderWaitTicks = Stopwatch.Frequency;

    // Readers known to be long: a forced checkpoint does not wait a second for them, since they would stall
    // every writer for nothing; the log outgrows its bound until they end.
    private int _longReaders;

    // The wait of the checkpoint running now (under the checkpoint gate).
    private long _readerWait = ReaderWaitTicks;

    /// <summary>Marks a long reader (a backup or a compaction copy) live until the returned scope is disposed.</summary>
    /// <returns>The scope.</returns>
    public LongReadScope BeginLongRead()
    {
        Interlocked.Increment(ref _longReaders);
        return new LongReadScope(this);
    }

    /// <summary>Under the checkpoint gate: the checkpoint running now is forced by the journal's bound, so it waits longer unless a long reader is live.</summary>
    public void UseForcedWait() =>
        _readerWait = Volatile.Read(ref _longReaders) > 0 ? ReaderWaitTicks : ForcedReaderWaitTicks;

    /// <summary>Under the checkpoint gate: back to the usual short wait.</summary>
    public void UseNormalWait() => _readerWait = ReaderWaitTicks;

    /// <summary>Spins, then yields, until the condition holds (true) or the wait is over (false).</summary>
    public bool Await(Func<bool> condition)
    {
        var start = Stopwatch.GetTimestamp();
        var spin = new SpinWait();
        while (!condition())
        {
            if (Stopwatch.GetTimestamp() - start > _readerWait)
            {
                return false;
            }

            spin.SpinOnce(sleep1Threshold: -1);
        }

        return true;
    }

    /// <summary>Ends a long read begun with <see cref="BeginLongRead"/>.</summary>
    internal readonly struct LongReadScope(ReaderWait wait) : IDisposable
    {
        public void Dispose() => Interlocked.Decrement(ref wait._longReaders);
    }
}
