namespace DocStore.Cli.Hosting;

/// <summary>
/// Explains why another process's lock refused an open, naming how that process opened the file: the
/// engine's message says only that the file is locked, and the user's fix depends on the other side's mode.
/// </summary>
internal static class LockRefusal
{
    /// <summary>True when <paramref name="e"/> is another process's lock on the file (not a busy turn, a full reader table or an open in this process).</summary>
    public static bool IsOtherProcessLock(DatabaseLockedException e) => e.InnerException is IOException && !e.Message.Contains("in this process", StringComparison.Ordinal);

    /// <summary>
    /// The failure for an open with <paramref name="asked"/> that another process's lock refused. A shared open
    /// is refused only by an exclusive holder; an exclusive one by any holder, so a shared read-only probe tells
    /// the two apart.
    /// </summary>
    public static CliFailureException Explain(string path, DocStoreOptions asked, DatabaseLockedException e)
    {
        if (asked.Sharing == DocStoreSharing.Exclusive && HolderShares(path, asked.Password))
        {
            return new CliFailureException(
                $"The database '{path}' is locked: it is open in another process with Sharing = Shared, and this command needs the file to itself; run it once that process has closed the database (docstore sql and docstore shell write beside it).",
                e);
        }

        return new CliFailureException(
            $"The database '{path}' is locked: it is open in another process with Sharing = Exclusive (DocStoreOptions' default), which keeps every other process out; close it there, or open it there with DocStoreOptions.Sharing = Shared (Sharing=Shared in a connection string) so the tool can work beside it. On Linux and macOS, docstore backup copies it all the same.",
            e);
    }

    private static bool HolderShares(string path, string? password)
    {
        try
        {
            using var probe = DocStoreDatabase.Open(path, new DocStoreOptions { ReadOnly = true, Sharing = DocStoreSharing.Shared, Password = password });
            return true;
        }
        catch (DocStoreException)
        {
            return false;
        }
    }
}
