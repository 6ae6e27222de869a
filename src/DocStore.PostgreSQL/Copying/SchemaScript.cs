using DocStore.PostgreSQL.Schema;

namespace DocStore.PostgreSQL.Copying;

/// <summary>The statements an open (or a copy) runs to create a collection on PostgreSQL, for <c>docstore schema</c>.</summary>
internal static class SchemaScript
{
    /// <summary>The statements, in the order they run, each without its terminating semicolon.</summary>
    /// <exception cref="ArgumentException">A table name is over PostgreSQL's 63-byte limit.</exception>
    public static IEnumerable<string> Of(CopiedCollection collection) => SchemaDdl.Script(UntypedTables.Of(collection));
}
