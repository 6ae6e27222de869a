using DocStore.Collections;
using DocStore.Engine;

namespace DocStore;

// A context over another store (DocStore.PostgreSQL): the generated context's own Open runs with a backend
// handed over on the calling thread, so the generated constructor opens its collections there unchanged.
public abstract partial class DocStoreContext
{
    [ThreadStatic]
    private static IContextBackend? t_pendingBackend;

    private readonly StorageEngine? _engine;

    /// <summary>The store behind this context when it is not the embedded engine; null for a database file or an in-memory database.</summary>
    internal IContextBackend? Backend { get; }

    private OpenFile Lease => _lease ?? throw EmbeddedOnly();

    /// <summary>
    /// Opens a <typeparamref name="TContext"/> whose collections <paramref name="backend"/> stores: the
    /// generated constructor runs as for a file, and the base constructor takes the backend instead of
    /// opening one. The backend is disposed with the context, or here when opening fails.
    /// </summary>
    internal static TContext OpenOn<TContext>(IContextBackend backend)
        where TContext : DocStoreContext, IOpenableContext<TContext>
    {
        ArgumentNullException.ThrowIfNull(backend);
        t_pendingBackend = backend;
        try
        {
            return TContext.Open(backend.Description);
        }
        catch
        {
            // The generated constructor disposed the context (and so the backend) if it got that far.
            backend.Dispose();
            throw;
        }
        finally
        {
            t_pendingBackend = null;
        }
    }

    private static IContextBackend? TakePendingBackend()
    {
        var backend = t_pendingBackend;
        t_pendingBackend = null;
        return backend;
    }

    /// <summary>The exception for an embedded-only member called on a context over another backend.</summary>
    private NotSupportedException EmbeddedOnly() =>
        new($"The context '{GetType().Name}' stores its collections in {Backend?.Description ?? "another backend"}; this operation needs the embedded engine (a database file or an in-memory database).");
}
