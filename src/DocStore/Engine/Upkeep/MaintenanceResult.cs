namespace DocStore;

/// <summary>
/// What a backup or a compaction did (<see cref="DocStoreContext.Backup(string, bool)"/>,
/// <see cref="DocStoreContext.Compact()"/>, <see cref="DocStoreContext.Compact(string)"/>): the size of the
/// database before, the size of what it wrote, and how long it took.
/// </summary>
public sealed class MaintenanceResult
{
    internal MaintenanceResult(long bytesBefore, long bytesAfter, long pagesBefore, long pagesAfter, TimeSpan duration)
    {
        BytesBefore = bytesBefore;
        BytesAfter = bytesAfter;
        PagesBefore = pagesBefore;
        PagesAfter = pagesAfter;
        Duration = duration;
    }

    /// <summary>The bytes the database took when the operation began: its file and both logs (its pages, in memory).</summary>
    public long BytesBefore { get; }

    /// <summary>
    /// The bytes afterwards: for an in-place compaction the database's file and logs, for a backup or a
    /// compaction to another file the length of the copy written.
    /// </summary>
    public long BytesAfter { get; }

    /// <summary>The bytes given back (negative when the result is larger, as a backup of a database with no log is not).</summary>
    public long BytesSaved => BytesBefore - BytesAfter;

    /// <summary>The database's pages when the operation began, the header page and free pages included.</summary>
    public long PagesBefore { get; }

    /// <summary>The pages of the compacted database, or of the copy written.</summary>
    public long PagesAfter { get; }

    /// <summary>How long the operation took.</summary>
    public TimeSpan Duration { get; }

    /// <summary>The sizes, pages and duration in one line, for logs and consoles.</summary>
    /// <returns>For example <c>1,048,576 bytes (128 pages) to 524,288 bytes (64 pages), 524,288 bytes saved, in 12 ms</c>.</returns>
    public override string ToString() => string.Create(
        System.Globalization.CultureInfo.InvariantCulture,
        $"{BytesBefore:N0} bytes ({PagesBefore:N0} pages) to {BytesAfter:N0} bytes ({PagesAfter:N0} pages), {BytesSaved:N0} bytes saved, in {Duration.TotalMilliseconds:0} ms");
}
