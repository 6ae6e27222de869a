using System.Runtime.CompilerServices;

namespace DocStore;

/// <summary>
/// Gives every context its SQL surface, <c>db.Sql</c>. An extension member rather than a property of
/// <see cref="DocStoreContext"/> so that the context's layer does not depend on the SQL layer above it.
/// </summary>
public static class DocStoreContextSql
{
    // One DocStoreSql per context, kept exactly as long as the context is: the context never sees it.
    private static readonly ConditionalWeakTable<DocStoreContext, DocStoreSql> PerContext = new();

    /// <summary>The context whose SQL surface the members below give.</summary>
    /// <param name="context">The context the SQL runs over.</param>
    extension(DocStoreContext context)
    {
        /// <summary>
        /// SQL over this context's database (docs/sql.md): every collection in the catalog is a table, whether a
        /// typed model or the untyped API made it. The same object is returned each time; it is thread-safe.
        /// </summary>
        public DocStoreSql Sql => PerContext.GetValue(context, static c => new DocStoreSql(c));
    }
}
