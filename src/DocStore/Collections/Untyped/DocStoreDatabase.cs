namespace DocStore;

/// <summary>
/// A context without typed collections, for tools, SQL and scripts that work through
/// <see cref="DocStoreContext.GetCollection(string, IndexDefinition[])"/>:
/// <c>using var db = DocStoreDatabase.Open("app.db"); var people = db.GetCollection("People");</c>.
/// </summary>
public sealed class DocStoreDatabase : DocStoreContext, IOpenableContext<DocStoreDatabase>
{
    private DocStoreDatabase(string path, DocStoreOptions? options)
        : base(path, options)
    {
    }

    /// <summary>Opens or creates the database file at <paramref name="path"/>.</summary>
    /// <param name="path">The database file path.</param>
    /// <param name="options">Options; null for the defaults.</param>
    /// <returns>The open database.</returns>
    /// <exception cref="ArgumentException">The path looks like a connection string (set options through <paramref name="options"/>), or is a directory.</exception>
    /// <exception cref="DatabaseLockedException">Another process has the file open, or this process has it open with another value of an option <paramref name="options"/> sets (the message names the option, both values and the file).</exception>
    /// <exception cref="DatabaseCorruptException">The file is damaged, or is not a DocStore database (then nothing is created beside it).</exception>
    public static DocStoreDatabase Open(string path, DocStoreOptions? options = null) => new(path, options);

    /// <summary>Opens a new in-memory database.</summary>
    /// <param name="options">Options; null for the defaults.</param>
    /// <returns>The open database.</returns>
    public static DocStoreDatabase OpenInMemory(DocStoreOptions? options = null) => new(InMemoryPath, options);
}
