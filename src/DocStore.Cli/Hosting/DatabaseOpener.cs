namespace DocStore.Cli.Hosting;

/// <summary>Opens the database a command names, with the checks a tool owes its user before the engine runs.</summary>
internal static class DatabaseOpener
{
    /// <summary>Opens an existing database; a missing file is a failure rather than a new empty database.</summary>
    public static DocStoreDatabase OpenExisting(string path, bool readOnly, ValueCompression compression = ValueCompression.None)
    {
        if (!File.Exists(path))
        {
            throw new CliFailureException($"There is no database at '{path}'.");
        }

        return Open(path, new DocStoreOptions { ReadOnly = readOnly, Compression = compression });
    }

    /// <summary>Opens the database, creating the file when it does not exist.</summary>
    public static DocStoreDatabase OpenOrCreate(string path) => Open(path, null);

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
