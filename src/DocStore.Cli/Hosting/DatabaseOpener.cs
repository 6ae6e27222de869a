namespace DocStore.Cli.Hosting;

/// <summary>Opens the database a command names, with the checks a tool owes its user before the engine runs.</summary>
internal static class DatabaseOpener
{
    private static readonly AsyncLocal<string?> CurrentPassword = new();

    /// <summary>The password the command line gave (--password or DOCSTORE_PASSWORD) for the command being run, or null.</summary>
    public static string? Password
    {
        get => CurrentPassword.Value;
        set => CurrentPassword.Value = value;
    }

    /// <summary>
    /// Opens an existing database; a missing file is a failure rather than a new empty database. A read-only
    /// open is shared, so it reads beside an application that opened the file with
    /// <see cref="DocStoreSharing.Shared"/>; one that writes keeps the file to itself.
    /// </summary>
    public static DocStoreDatabase OpenExisting(string path, bool readOnly, ValueCompression compression = ValueCompression.None)
    {
        RequireFile(path);
        var sharing = readOnly ? DocStoreSharing.Shared : DocStoreSharing.Exclusive;
        return Open(path, new DocStoreOptions { ReadOnly = readOnly, Compression = compression, Sharing = sharing, Password = Password });
    }

    /// <summary>
    /// Opens an existing database to run statements that may write, shared: its writes take turns with those
    /// of an application that opened the file shared too. Where the file cannot be opened to write (an
    /// exclusive holder, a file or directory this user may not write, a read-only file system), it opens as a
    /// reader, where a statement that writes fails with <see cref="DatabaseReadOnlyException"/> and a query
    /// reads the latest commit; <paramref name="cannotWrite"/> then says why, for the user.
    /// </summary>
    public static DocStoreDatabase OpenForStatements(string path, out string? cannotWrite)
    {
        RequireFile(path);
        cannotWrite = null;
        try
        {
            return Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared, Password = Password });
        }
        catch (Exception e) when (e is DatabaseLockedException or CliFailureException { InnerException: DatabaseLockedException })
        {
            // Another process keeps writers out but lets readers in (an exclusive holder refuses the reader too): its refusal says which.
            var reader = OpenReader(path);
            var refusal = (e as DatabaseLockedException ?? (DatabaseLockedException)e.InnerException!).Message;
            cannotWrite = $"'{path}' was opened read-only, so the statement cannot write to it: {refusal}";
            return reader;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Permission refused or a read-only file system; a reader that fails as well (a disk error) reports this first failure.
            DocStoreDatabase reader;
            try
            {
                reader = OpenReader(path);
            }
            catch (Exception readFailure) when (readFailure is IOException or UnauthorizedAccessException)
            {
                System.Runtime.ExceptionServices.ExceptionDispatchInfo.Throw(e);
                throw;
            }

            cannotWrite = $"'{path}' was opened read-only because this user cannot write it or a file beside it ({e.Message}), so the statement cannot write to it.";
            return reader;
        }
    }

    private static DocStoreDatabase OpenReader(string path) =>
        Open(path, new DocStoreOptions { ReadOnly = true, Sharing = DocStoreSharing.Shared, Password = Password });

    private static void RequireFile(string path)
    {
        if (!File.Exists(path))
        {
            throw new CliFailureException($"There is no database at '{path}'.");
        }
    }

    /// <summary>Opens the database, creating the file when it does not exist.</summary>
    public static DocStoreDatabase OpenOrCreate(string path) => Open(path, Password is null ? null : new DocStoreOptions { Password = Password });

    /// <summary>
    /// Opens the database shared, creating the file when it does not exist: its write transactions take turns
    /// with those of an application that opened the file shared too, each waiting up to the busy timeout.
    /// </summary>
    public static DocStoreDatabase OpenOrCreateShared(string path) => Open(path, new DocStoreOptions { Sharing = DocStoreSharing.Shared, Password = Password });

    // A path the library refuses (a connection string) is the user's mistake, reported as a failure.
    private static DocStoreDatabase Open(string path, DocStoreOptions? options)
    {
        try
        {
            return DocStoreDatabase.Open(path, options);
        }
        catch (ArgumentException e)
        {
            throw new CliFailureException(e.Message);
        }
        catch (DatabaseLockedException e) when (LockRefusal.IsOtherProcessLock(e))
        {
            throw LockRefusal.Explain(path, options ?? new DocStoreOptions(), e);
        }
    }

    /// <summary>The existing collection <paramref name="name"/>; an unknown name is a failure, not a new collection.</summary>
    public static BsonCollection ExistingCollection(DocStoreDatabase db, string name)
    {
        return db.GetCollectionNames().Contains(name, StringComparer.Ordinal) ? db.GetCollection(name) : throw NoSuchCollection(db, name);
    }

    /// <summary>The failure for a collection the database does not have, listing those it has.</summary>
    public static CliFailureException NoSuchCollection(DocStoreDatabase db, string name)
    {
        var names = db.GetCollectionNames();
        var known = names.Count == 0 ? "it has none" : "it has " + string.Join(", ", names);
        return new CliFailureException($"The database '{db.Path}' has no collection '{name}' ({known}).");
    }
}
