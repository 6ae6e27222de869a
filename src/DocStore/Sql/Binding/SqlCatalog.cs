using DocStore.Bson;
using DocStore.Catalog;
using DocStore.Collections;
using DocStore.Sql.Binding.Names;
using DocStore.Sql.Bound;
using DocStore.Transactions;

namespace DocStore.Sql.Binding;

/// <summary>One index as SQL sees it: its definition and its tree.</summary>
internal sealed record SqlIndex(string Name, bool Unique, bool Multikey, IReadOnlyList<string> Paths, string Tree)
{
    /// <summary>True for a table's uniqueness (NULLs distinct), laid out as a non-unique index (see <see cref="IndexDefinition.UniqueNonNull"/>).</summary>
    public bool UniqueNonNull { get; init; }
}

/// <summary>
/// One collection as SQL sees it: its trees, key field, indexes and field names. A system table has no
/// trees; its rows are documents built when a statement reads it.
/// </summary>
internal sealed class SqlCollection(string name, string primaryTree, string keyField, IReadOnlyList<SqlIndex> indexes, IFieldDictionary fields, IReadOnlyList<Metadata.StoredFieldType>? types = null, IReadOnlyList<TableColumn>? columns = null)
{
    /// <summary>The columns <c>CREATE TABLE</c> declared, in order; empty for a collection made without them.</summary>
    public IReadOnlyList<TableColumn> Columns { get; } = columns ?? [];

    public string Name { get; } = name;

    public string PrimaryTree { get; } = primaryTree;

    /// <summary>The stored name of the key field (its values are the primary keys).</summary>
    public string KeyField { get; } = keyField;

    public IReadOnlyList<SqlIndex> Indexes { get; } = indexes;

    /// <summary>The member types a typed model recorded (path -> type text), or null when none has.</summary>
    public IReadOnlyList<Metadata.StoredFieldType>? Types { get; } = types;

    private IFieldDictionary _loaded = fields;

    /// <summary>The field names <paramref name="transaction"/> (null: a bare snapshot of the last commit) can see: an open collection's live dictionary, else the one loaded from the catalog.</summary>
    public IFieldDictionary Fields(Transaction? transaction, DocStoreContext context)
    {
        if (!IsSystem && context.FindOpen(Name) is { } state)
        {
            return transaction is WriteTransaction ? state.Fields.Writer : state.Fields.Committed;
        }

        return Volatile.Read(ref _loaded);
    }

    /// <summary>Reloads the names from the catalog in <paramref name="transaction"/> (names only grow, so a newer copy serves older snapshots too).</summary>
    public IFieldDictionary Refresh(Transaction transaction, DocStoreContext context)
    {
        if (!IsSystem)
        {
            Volatile.Write(ref _loaded, new FieldDictionary(CollectionCatalog.LoadFields(transaction, Name)));
        }

        return Fields(transaction, context);
    }

    /// <summary>How many field names the collection has now: from the open collection's dictionary, else read from the catalog.</summary>
    public int FieldCount(Transaction transaction, DocStoreContext context) =>
        !IsSystem && context.FindOpen(Name) is not null ? Fields(transaction, context).Count : Refresh(transaction, context).Count;

    /// <summary>True for <c>docstore_collections</c> and its kin, and for subqueries in FROM: sources whose documents are made when read.</summary>
    public bool IsSystem { get; init; }

    /// <summary>For a subquery in FROM: the subquery slot of the select that reads it; -1 otherwise.</summary>
    public int DerivedSlot { get; init; } = -1;

    /// <summary>For a subquery in FROM: its result column names, the fields of the documents made from its rows.</summary>
    public string[] DerivedColumns { get; init; } = [];

    /// <summary>For a subquery in FROM: the result columns marked COLLATE NOCASE, which keep that collation when read by name.</summary>
    public IReadOnlyDictionary<string, SqlCollation> DerivedCollations { get; init; } = new Dictionary<string, SqlCollation>();
}

/// <summary>
/// The collections, indexes and field names of the database as of one snapshot. A loaded catalog is
/// cached and reused while no commit has created or dropped a tree (new collections and indexes always
/// do); field names only ever grow, so a missing one is looked up again in the statement's snapshot.
/// </summary>
internal sealed class SqlCatalog
{
    private readonly Dictionary<string, SqlCollection> _byName;

    private SqlCatalog(Dictionary<string, SqlCollection> byName, long generation)
    {
        _byName = byName;
        Generation = generation;
    }

    /// <summary>The tree-root cache generation this catalog was loaded under.</summary>
    public long Generation { get; }

    public IEnumerable<SqlCollection> Collections => _byName.Values.Where(c => !c.IsSystem).OrderBy(c => c.Name, StringComparer.Ordinal);

    public static SqlCatalog Load(Transaction transaction, long generation)
    {
        var byName = new Dictionary<string, SqlCollection>(StringComparer.Ordinal);
        foreach (var name in CollectionCatalog.CollectionNames(transaction))
        {
            var record = CollectionCatalog.FindCollection(transaction, name);
            if (record is null)
            {
                continue;
            }

            var indexes = CollectionCatalog.LoadIndexes(transaction, name)
                .Select(i => new SqlIndex(i.Definition.Name, i.Definition.Unique, i.Definition.Multikey, CollatedPaths.Of(i.Definition), i.Tree) { UniqueNonNull = i.Definition.UniqueNonNull })
                .ToArray();
            byName[name] = new SqlCollection(name, record.PrimaryTree, record.KeyField ?? "_id", indexes, new FieldDictionary(CollectionCatalog.LoadFields(transaction, name)), record.Types, record.Columns);
        }

        foreach (var table in SystemTables.Names)
        {
            byName.TryAdd(table, new SqlCollection(table, string.Empty, "name", [], SystemTables.Fields) { IsSystem = true });
        }

        return new SqlCatalog(byName, generation);
    }

    /// <summary>Finds a collection: exactly, then ignoring case when one name matches; quoted names only exactly.</summary>
    /// <returns>The collection, null when none matches; throws through <paramref name="ambiguous"/> when several do.</returns>
    public SqlCollection? Find(string name, bool quoted, Action<IReadOnlyList<string>> ambiguous)
    {
        if (_byName.TryGetValue(name, out var exact))
        {
            return exact;
        }

        if (quoted)
        {
            return null;
        }

        var matches = SqlNameMatch.IgnoringCase(_byName.Keys, name);
        if (matches.Count > 1)
        {
            ambiguous(matches);
        }

        return matches.Count == 1 ? _byName[matches[0]] : null;
    }
}
