namespace DocStore;

/// <summary>The SQL surface of a context; declared here so the context's own folder does not depend on the SQL layer above it.</summary>
public abstract partial class DocStoreContext
{
    private DocStoreSql? _sql;

    /// <summary>
    /// SQL over this context's database (docs/sql.md): every collection in the catalog is a table, whether a
    /// typed model or the untyped API made it. The same object is returned each time; it is thread-safe.
    /// </summary>
    public DocStoreSql Sql
    {
        get
        {
            var sql = Volatile.Read(ref _sql);
            return sql ?? Interlocked.CompareExchange(ref _sql, new DocStoreSql(this), null) ?? _sql!;
        }
    }
}
