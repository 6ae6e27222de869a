using System.Diagnostics;
using DocStore.Storage.Pages;

namespace DocStore.Engine;

// The sizes a backup or a compaction reports: the database's before, and the copy's or its own after.
internal sealed partial class StorageEngine
{
    /// <summary>Runs <paramref name="run"/> and reports the sizes around it; <paramref name="copy"/> is the file it writes, null when in place.</summary>
    private MaintenanceResult Measure(Action run, string? copy)
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
            pagesAfter = bytesAfter / PageSize;
        }

        return new MaintenanceResult(bytesBefore, bytesAfter, pagesBefore, pagesAfter, Stopwatch.GetElapsedTime(started));
    }

    private long CommittedPageCount()
    {
        using var tx = BeginRead();
        return HeaderPage.GetPageCount(tx.ReadPage(0));
    }

    // In memory there are no files: the pages are what the database takes.
    private long TotalBytes(long pages)
    {
        if (_pager.IsInMemory)
        {
            return pages * PageSize;
        }

        var (database, wal, redo) = FileSizes();
        return database + wal + redo;
    }
}
