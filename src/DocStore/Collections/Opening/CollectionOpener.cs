using DocStore.Bson;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

/// <summary>
/// Opens a collection for a model: shares the state already open on the file, or opens it read-only, or
/// records it in the catalog and brings the stored indexes to the model's declarations. Used once, while a
/// collection object is constructed.
/// </summary>
internal sealed partial class CollectionOpener<T, TKey>(DocStoreContext context, ICollectionModel<T, TKey> model, int maxKeyLength)
    where TKey : notnull
{
    private readonly DocStoreContext _context = context;

    // The model's own binding over no index set yet: it extracts the keys of the declared indexes to build.
    private readonly IndexBinding<T, TKey> _binding = new(new IndexSet([], [], [], -1), model, maxKeyLength);

    private ICollectionModel<T, TKey> Model => _binding.Model;

    private string Name => Model.CollectionName;

    /// <summary>The collection's shared state: another context's on the same file, or a new one from the catalog.</summary>
    public CollectionState Open(WriteTransaction? within)
    {
        if (_context.ClaimOrShare(Name) is { } shared)
        {
            // Another context on the same file has the collection open: share its state (docs/decisions.md). An
            // untyped model follows whatever set is open; a typed one makes the open set its declared one.
            return Model is Untyped.BsonDocumentModel ? shared : Share(shared, within);
        }

        try
        {
            return _context.Engine.IsReadOnly ? OpenReadOnly() : OpenInCatalog(within);
        }
        catch
        {
            _context.Release(Name);
            throw;
        }
    }

    /// <summary>
    /// Records the collection in the catalog (first open), loads its field dictionary, drops indexes no
    /// longer declared (or declared differently) and creates and fills newly declared ones, in one write
    /// transaction: a crash leaves either the old catalog or the new one.
    /// </summary>
    private CollectionState OpenInCatalog(WriteTransaction? within)
    {
        // Inside a caller's transaction its changes commit or roll back with that transaction.
        using var own = within is null ? _context.Engine.BeginWrite() : null;
        var tx = own ?? within!;
        var record = RecordConvention(tx, CollectionCatalog.FindCollection(tx, Name));
        var primary = OpenPrimary(tx, record);
        var fields = new FieldDictionary(CollectionCatalog.LoadFields(tx, Name));
        var (trees, indexRoots) = ApplyIndexDeclarations(tx, primary, fields);
        var lastSequence = LastSequence(primary);
        var roots = new Dictionary<string, uint>(StringComparer.Ordinal) { [record.PrimaryTree] = primary.RootPage };
        for (var i = 0; i < trees.Length; i++)
        {
            roots[trees[i]] = indexRoots[i];
        }

        own?.Commit();
        var state = new CollectionState(Name, record.PrimaryTree, trees, FieldsFollowingWriter(fields), roots, Model.Indexes, Model.KeyField, Model.KeyGeneration, lastSequence);
        state.RecordTypes(record.Types);
        return state;
    }

    /// <summary>
    /// The collection's record as the model states it: created on first open; otherwise the key convention
    /// and member types are recorded for untyped access (docs/catalog.md), and the record is rewritten only
    /// when they changed.
    /// </summary>
    private CollectionRecord RecordConvention(WriteTransaction tx, CollectionRecord? record)
    {
        // A model that states no types (a hand-written one) leaves what the catalog has.
        var types = Model.FieldTypes is { Count: > 0 } declaredTypes ? declaredTypes.ToArray() : record?.Types;
        if (record is null)
        {
            record = new CollectionRecord(Name, CollectionCatalog.FreeTreeName(tx, "c/" + Name), Model.KeyField, Model.KeyGeneration, types);
            tx.CreateTree(record.PrimaryTree);
            CollectionCatalog.PutCollection(tx, record);
        }
        else if (record.KeyField != Model.KeyField || record.KeyGeneration != Model.KeyGeneration || !FieldType.SameTypes(record.Types, types))
        {
            record = record with { KeyField = Model.KeyField, KeyGeneration = Model.KeyGeneration, Types = types };
            CollectionCatalog.PutCollection(tx, record);
        }

        return record;
    }

    private Tree OpenPrimary(WriteTransaction tx, CollectionRecord record) =>
        tx.OpenTree(record.PrimaryTree)
            ?? throw new DatabaseCorruptException(_context.Engine.Name, -1, $"the catalog names tree '{record.PrimaryTree}' for collection '{Name}', but there is no such tree");

    /// <summary>
    /// Brings the catalog's indexes to the model's declarations: drops indexes no longer declared (or declared
    /// differently), creates and fills newly declared ones. Returns the index trees and their roots in declared order.
    /// </summary>
    private (string[] Trees, uint[] Roots) ApplyIndexDeclarations(WriteTransaction tx, Tree primary, IFieldDictionary fields)
    {
        var stored = CollectionCatalog.LoadIndexes(tx, Name);
        var declared = Model.Indexes;
        var trees = new string[declared.Count];
        var toBuild = new List<int>();
        foreach (var existing in stored)
        {
            var position = FindDeclared(declared, existing);
            if (position < 0)
            {
                tx.DropTree(existing.Tree);
                CollectionCatalog.DeleteIndex(tx, Name, existing.Definition.Name);
            }
            else
            {
                trees[position] = existing.Tree;
            }
        }

        for (var i = 0; i < declared.Count; i++)
        {
            if (trees[i] is null)
            {
                var definition = declared[i];
                var index = new IndexRecord(definition, CollectionCatalog.FreeTreeName(tx, $"i/{Name}/{definition.Name}"));
                tx.CreateTree(index.Tree);
                CollectionCatalog.PutIndex(tx, Name, index);
                trees[i] = index.Tree;
                toBuild.Add(i);
            }
        }

        if (toBuild.Count > 0)
        {
            IndexMaintenance<T, TKey>.Build(Name, _binding, tx, primary, trees, toBuild, fields);
        }

        return (trees, [.. trees.Select(t => tx.OpenTree(t)!.RootPage)]);
    }

    private static int FindDeclared(IReadOnlyList<IndexDefinition> declared, IndexRecord stored)
    {
        for (var i = 0; i < declared.Count; i++)
        {
            var d = declared[i];
            if (stored.Definition.SameAs(d))
            {
                return i;
            }
        }

        return -1;
    }

    /// <summary>The largest integer key stored, so sequence keys continue after a reopen (0 for other key types).</summary>
    private long LastSequence(Tree primary)
    {
        if (Model.KeyGeneration != KeyGeneration.Sequence)
        {
            return 0;
        }

        return CollectionState.StoredLastSequence(primary);
    }
}
