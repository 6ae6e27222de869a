using System.Data;
using System.Data.Common;

namespace DocStore.Data;

/// <summary>Schema information, read from the SQL engine's system tables (docs/sql.md, "System tables").</summary>
public sealed partial class DocStoreConnection
{
    /// <summary>The schema collection names <see cref="GetSchema(string, string?[])"/> answers.</summary>
    public static class SchemaCollections
    {
        /// <summary>The schema collections themselves.</summary>
        public const string MetaDataCollections = "MetaDataCollections";

        /// <summary>One row per collection (table): name, key field, index and field counts.</summary>
        public const string Collections = "Collections";

        /// <summary>One row per index: collection, name, unique, multikey, paths.</summary>
        public const string Indexes = "Indexes";

        /// <summary>One row per field name a collection's documents have used: collection, id, name.</summary>
        public const string Fields = "Fields";
    }

    // Schema collection -> the system table behind it and its number of restrictions (the collection name).
    private static readonly (string Name, string? Query, int Restrictions)[] Schemas =
    [
        (SchemaCollections.MetaDataCollections, null, 0),
        (SchemaCollections.Collections, "SELECT name, key_field, index_count, field_count FROM docstore_collections WHERE @r IS NULL OR name = @r ORDER BY name", 1),
        (SchemaCollections.Indexes, "SELECT collection, name, \"unique\" AS unique, multikey, path FROM docstore_indexes WHERE @r IS NULL OR collection = @r ORDER BY collection, name", 1),
        (SchemaCollections.Fields, "SELECT collection, id, name FROM docstore_fields WHERE @r IS NULL OR collection = @r ORDER BY collection, id", 1),
    ];

    /// <summary>The list of schema collections (<see cref="SchemaCollections.MetaDataCollections"/>).</summary>
    /// <returns>The table.</returns>
    public override DataTable GetSchema() => GetSchema(SchemaCollections.MetaDataCollections);

    /// <summary>A schema collection: <c>MetaDataCollections</c>, <c>Collections</c>, <c>Indexes</c> or <c>Fields</c>.</summary>
    /// <param name="collectionName">The schema collection (case-insensitive).</param>
    /// <returns>The table.</returns>
    public override DataTable GetSchema(string collectionName) => GetSchema(collectionName, []);

    /// <summary>
    /// A schema collection, restricted: for <c>Collections</c> the first restriction is a collection name;
    /// for <c>Indexes</c> and <c>Fields</c> it is the collection the rows belong to. Null restricts nothing.
    /// </summary>
    /// <param name="collectionName">The schema collection (case-insensitive).</param>
    /// <param name="restrictionValues">The restrictions.</param>
    /// <returns>The table, one row per item.</returns>
    /// <exception cref="ArgumentException">The schema collection is unknown, or has fewer restrictions than given.</exception>
    public override DataTable GetSchema(string collectionName, string?[] restrictionValues)
    {
        ArgumentNullException.ThrowIfNull(collectionName);
        restrictionValues ??= [];
        var schema = Array.Find(Schemas, s => string.Equals(s.Name, collectionName, StringComparison.OrdinalIgnoreCase));
        if (schema.Name is null)
        {
            throw new ArgumentException($"Unknown schema collection '{collectionName}'; DocStore has {string.Join(", ", Schemas.Select(s => s.Name))}.", nameof(collectionName));
        }

        if (restrictionValues.Length > schema.Restrictions)
        {
            throw new ArgumentException($"Schema collection '{schema.Name}' takes at most {schema.Restrictions} restriction(s).", nameof(restrictionValues));
        }

        if (schema.Query is null)
        {
            var table = new DataTable(SchemaCollections.MetaDataCollections) { Locale = System.Globalization.CultureInfo.InvariantCulture };
            table.Columns.Add(DbMetaDataColumnNames.CollectionName, typeof(string));
            table.Columns.Add(DbMetaDataColumnNames.NumberOfRestrictions, typeof(int));
            table.Columns.Add(DbMetaDataColumnNames.NumberOfIdentifierParts, typeof(int));
            foreach (var (name, _, restrictions) in Schemas)
            {
                table.Rows.Add(name, restrictions, 0);
            }

            return table;
        }

        using var command = CreateCommand();
        command.CommandText = schema.Query;
        command.Parameters.AddWithValue("r", restrictionValues is [{ } restriction] ? restriction : null);
        var result = new DataTable(schema.Name) { Locale = System.Globalization.CultureInfo.InvariantCulture };
        using var reader = command.ExecuteReader();
        for (var i = 0; i < reader.FieldCount; i++)
        {
            // An empty result gives its columns no type from values (object).
            result.Columns.Add(reader.GetName(i), reader.GetFieldType(i));
        }

        var values = new object[reader.FieldCount];
        while (reader.Read())
        {
            reader.GetValues(values);
            result.Rows.Add(values);
        }

        return result;
    }
}
