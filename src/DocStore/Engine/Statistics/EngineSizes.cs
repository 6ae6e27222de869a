using System.Diagnostics;
using DocStore.Engine.Files;
using DocStore.Storage.Pages;

namespace DocStore.Engine.Statistics;

/// <summary>
/// The sizes of the files the engine keeps, for the statistics, and the sizes a backup or a compaction
/// reports: the database's before, and the copy's or its own after.
/// </summary>
internal sealed class EngineSizes(EngineState state)
{
    /// <summary>The lengths of the database file, the WAL and the redo log as the file system reports them (zeros in memory; 0 for a missing log).</summary>
    /// <exception cref="ObjectDisposedException">The engine is closed.</exception>
    public (long Database, long Wal, long Redo) Files()
    {
        state.ThrowIfDisposed();
        var name = state.Name;
        return state.Pager.IsInMemory ? (0, 0, 0) : (Length(name), Length(LogPaths.Wal(name)), Length(LogPaths.Redo(name)));
    }

    /// <summary>Runs <paramref name="run"/> and reports the sizes around it; <paramref name="copy"/> is the file it writes, null when in place.</summary>
    public MaintenanceResult Measure(Action run, string? copy)
    {
        var started = Stopwatch.GetTimestamp();
        var pagesBefore = CommittedPageCount();
        var bytesBefore = TotalBytes(pagesBefore);
        run();
        long pagesAfter, bytesAfter;
        if (copy is null)
        {
            pagesAfter = CommittedPageCount();
            bytesAfter = TotalBytes(pagesAfter);
        }
        else
        {
            bytesAfter = new FileInfo(copy).Length;
            pagesAfter = bytesAfter / state.Pager.PageSize;
        }

        return new MaintenanceResult(bytesBefore, bytesAfter, pagesBefore, pagesAfter, Stopwatch.GetElapsedTime(started));
    }

    private long CommittedPageCount()
    {
        using var tx = state.BeginRead();
        return HeaderPage.GetPageCount(tx.ReadPage(0));
    }

    // In memory there are no files: the pages are what the database takes.
    private long TotalBytes(long pages)
    {
        if (state.Pager.IsInMemory)
        {
            return pages * state.Pager.PageSize;
        }

        var (database, wal, redo) = Files();
        return database + wal + redo;
    }

    private static long Length(string path)
    {
        var info = new FileInfo(path);
        return info.Exists ? info.Length : 0;
    }
}
