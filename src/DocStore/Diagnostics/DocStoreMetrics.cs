using System.Collections.Concurrent;
using System.Diagnostics;
using System.Diagnostics.Metrics;

namespace DocStore.Diagnostics;

/// <summary>
/// The <c>DocStore</c> meter and activity source (instrument names in docs/observability.md). Every
/// recording site first checks <see cref="Instrument.Enabled"/> (a field read), so a process with no
/// listener pays nothing else: no timestamps, no tags, no calls.
/// </summary>
internal static class DocStoreMetrics
{
    /// <summary>The meter's and the activity source's name.</summary>
    public const string Name = "DocStore";

    private static readonly string? Version = typeof(DocStoreMetrics).Assembly.GetName().Version?.ToString();

    public static readonly Meter Meter = new(Name, Version);

    public static readonly ActivitySource Source = new(Name, Version);

    public static readonly Counter<long> Commits = Meter.CreateCounter<long>(
        "docstore.commits", "{commit}", "Write transactions committed.");

    public static readonly Histogram<double> CommitDuration = Meter.CreateHistogram<double>(
        "docstore.commit.duration", "ms", "Time from Commit() to its acknowledgement, including the wait for durability.");

    public static readonly Histogram<double> FsyncDuration = Meter.CreateHistogram<double>(
        "docstore.fsync.duration", "ms", "Time of each data flush (fdatasync) of the database, WAL or redo file.");

    public static readonly Counter<long> Checkpoints = Meter.CreateCounter<long>(
        "docstore.checkpoints", "{checkpoint}", "Checkpoints run (each copies what it can of the WAL into the database file).");

    public static readonly Histogram<double> CheckpointDuration = Meter.CreateHistogram<double>(
        "docstore.checkpoint.duration", "ms", "Time of each checkpoint.");

    public static readonly Counter<long> CacheHits = Meter.CreateCounter<long>(
        "docstore.cache.hits", "{page}", "Page reads answered by the page cache.");

    public static readonly Counter<long> CacheMisses = Meter.CreateCounter<long>(
        "docstore.cache.misses", "{page}", "Page reads the page cache could not answer.");

    public static readonly Counter<long> DocumentsRead = Meter.CreateCounter<long>(
        "docstore.documents.read", "{document}", "Documents decoded for a caller, per collection.");

    public static readonly Counter<long> DocumentsWritten = Meter.CreateCounter<long>(
        "docstore.documents.written", "{document}", "Documents inserted, replaced or deleted, per collection.");

    // Open engines and how to measure their WAL; the gauge reports one value per open database.
    private static readonly ConcurrentDictionary<object, Func<Measurement<long>>> WalSizes = new(ReferenceEqualityComparer.Instance);

    public static readonly ObservableGauge<long> WalSize = Meter.CreateObservableGauge(
        "docstore.wal.size", ObserveWalSizes, "By", "Bytes of write-ahead log not yet checkpointed, per open database (tag db: its path).");

    /// <summary>Adds an open engine to the WAL size gauge until <see cref="UntrackWalSize"/>.</summary>
    public static void TrackWalSize(object engine, Func<Measurement<long>> measure) => WalSizes[engine] = measure;

    /// <summary>Removes a closed engine from the WAL size gauge.</summary>
    public static void UntrackWalSize(object engine) => WalSizes.TryRemove(engine, out _);

    private static IEnumerable<Measurement<long>> ObserveWalSizes()
    {
        foreach (var measure in WalSizes.Values)
        {
            yield return measure();
        }
    }

    /// <summary>A start timestamp when <paramref name="histogram"/> has a listener, else 0 (nothing to measure).</summary>
    public static long StartTimer(Histogram<double> histogram) => histogram.Enabled ? Stopwatch.GetTimestamp() : 0;

    /// <summary>Records the milliseconds since <paramref name="started"/> unless it is 0 (no listener when it started).</summary>
    public static void StopTimer(Histogram<double> histogram, long started)
    {
        if (started != 0)
        {
            histogram.Record(Stopwatch.GetElapsedTime(started).TotalMilliseconds);
        }
    }

    /// <summary>Counts one event on <paramref name="counter"/> and records its duration since <paramref name="started"/> (from <see cref="StartTimer"/>) on <paramref name="duration"/>.</summary>
    public static void CountTimed(Counter<long> counter, Histogram<double> duration, long started)
    {
        if (counter.Enabled)
        {
            counter.Add(1);
        }

        StopTimer(duration, started);
    }

    /// <summary>Counts a page read the cache answered (<paramref name="hit"/>) or not.</summary>
    public static void CountCacheLookup(bool hit)
    {
        var counter = hit ? CacheHits : CacheMisses;
        if (counter.Enabled)
        {
            counter.Add(1);
        }
    }

    /// <summary>Counts one document of <paramref name="collection"/> read, when someone listens.</summary>
    public static void CountRead(string collection)
    {
        if (DocumentsRead.Enabled)
        {
            DocumentsRead.Add(1, new KeyValuePair<string, object?>("collection", collection));
        }
    }

    /// <summary>Counts <paramref name="count"/> documents of <paramref name="collection"/> written, when someone listens.</summary>
    public static void CountWritten(string collection, long count = 1)
    {
        if (DocumentsWritten.Enabled)
        {
            DocumentsWritten.Add(count, new KeyValuePair<string, object?>("collection", collection));
        }
    }
}
