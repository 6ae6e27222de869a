namespace DocStore;

/// <summary>
/// A context type that opens itself: the generated half of every <see cref="DocStoreContext"/> implements
/// it, as does <see cref="DocStoreDatabase"/>, so hosting code such as
/// <c>services.AddDocStore&lt;AppDb&gt;(…)</c> can open any context without reflection (NativeAOT stays clean).
/// </summary>
/// <typeparam name="TSelf">The context type itself.</typeparam>
public interface IOpenableContext<TSelf>
    where TSelf : DocStoreContext, IOpenableContext<TSelf>
{
    /// <summary>Opens (or creates) the database file at <paramref name="path"/>.</summary>
    /// <param name="path">The database file path, or <see cref="DocStoreContext.InMemoryPath"/>.</param>
    /// <param name="options">Options; null for the defaults.</param>
    /// <returns>The open context; dispose it to close the database.</returns>
    static abstract TSelf Open(string path, DocStoreOptions? options = null);

    /// <summary>Opens a new, empty in-memory database.</summary>
    /// <param name="options">Options; null for the defaults.</param>
    /// <returns>The open context.</returns>
    static abstract TSelf OpenInMemory(DocStoreOptions? options = null);
}
