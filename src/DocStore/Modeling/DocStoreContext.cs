namespace DocStore;

/// <summary>
/// Base class of a user's database context: <c>public partial class AppDb : DocStoreContext { }</c>.
/// The source generator adds one typed collection property per <c>[Collection]</c> type of the
/// compilation, a private constructor, and the static <c>Open(path)</c> and <c>OpenInMemory()</c>.
/// </summary>
/// <remarks>
/// Until the storage engine is wired in (issue 5), every context keeps its documents in memory, also
/// when opened with a path: nothing is written to disk yet. See <c>docs/generator.md</c>.
/// </remarks>
public abstract class DocStoreContext : IDisposable
{
    /// <summary>The path that opens an in-memory database.</summary>
    public const string InMemoryPath = ":memory:";

    /// <summary>Creates a context over the database at <paramref name="path"/> (or <see cref="InMemoryPath"/>).</summary>
    /// <param name="path">The database file path, or <see cref="InMemoryPath"/>.</param>
    protected DocStoreContext(string path)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        Path = path;
    }

    /// <summary>The path the context was opened with.</summary>
    public string Path { get; }

    /// <summary>True for a context opened with <see cref="InMemoryPath"/>.</summary>
    public bool IsInMemory => Path == InMemoryPath;

    /// <summary>True once <see cref="Dispose()"/> has run; collections then refuse every operation.</summary>
    public bool IsDisposed { get; private set; }

    /// <summary>Closes the context.</summary>
    public void Dispose()
    {
        Dispose(true);
        GC.SuppressFinalize(this);
    }

    /// <summary>Releases resources; derived classes call the base implementation.</summary>
    /// <param name="disposing">True when called from <see cref="Dispose()"/>.</param>
    protected virtual void Dispose(bool disposing) => IsDisposed = true;

    /// <summary>Throws <see cref="ObjectDisposedException"/> after <see cref="Dispose()"/>.</summary>
    protected internal void ThrowIfDisposed() => ObjectDisposedException.ThrowIf(IsDisposed, this);
}
