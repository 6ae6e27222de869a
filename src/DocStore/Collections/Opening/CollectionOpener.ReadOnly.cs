using DocStore.Bson;
using DocStore.BTree;
using DocStore.Catalog;

namespace DocStore.Collections;

internal sealed partial class CollectionOpener<T, TKey>
{
    /// <summary>
    /// Opens the collection of a read-only database from its catalog records, on a snapshot, changing
    /// nothing: stored indexes the model no longer declares are left alone (and unused). A collection, or a
    /// declared index, that the file lacks would have to be created, which a read-only open cannot do.
    /// </summary>
    /// <exception cref="DatabaseReadOnlyException">The collection, or a declared index, is not in the file.</exception>
    // In a process that follows other processes' writes (a shared open), names they add are loaded when they arrive.
    private CollectionFields FieldsFollowingWriter(FieldDictionary fields)
    {
        var engine = _context.Engine;
        if (!engine.FollowsAnotherProcess)
        {
            return new CollectionFields(Name, fields);
        }

        var name = Name;
        return new CollectionFields(Name, fields, () => engine.FollowedCommits, () =>
        {
            using var tx = engine.BeginRead();
            return CollectionCatalog.LoadFields(tx, name);
        });
    }

    private CollectionState OpenReadOnly()
    {
        var file = _context.Engine.Name;
        using var tx = _context.Engine.BeginRead();
        var record = CollectionCatalog.FindCollection(tx, Name)
            ?? throw DatabaseReadOnlyException.Missing(file, $"has no collection '{Name}'");
        var primary = tx.OpenTree(record.PrimaryTree)
            ?? throw new DatabaseCorruptException(file, -1, $"the catalog names tree '{record.PrimaryTree}' for collection '{Name}', but there is no such tree");
        var fields = new FieldDictionary(CollectionCatalog.LoadFields(tx, Name));
        var stored = CollectionCatalog.LoadIndexes(tx, Name);
        var declared = Model.Indexes;
        var trees = new string[declared.Count];
        foreach (var existing in stored)
        {
            var position = FindDeclared(declared, existing);
            if (position >= 0)
            {
                trees[position] = existing.Tree;
            }
        }

        var roots = new Dictionary<string, uint>(StringComparer.Ordinal) { [record.PrimaryTree] = primary.RootPage };
        for (var i = 0; i < declared.Count; i++)
        {
            if (trees[i] is null)
            {
                throw DatabaseReadOnlyException.Missing(file, $"collection '{Name}' has no index '{declared[i].Name}' ({string.Join(", ", declared[i].Paths)}) as declared");
            }

            roots[trees[i]] = (tx.OpenTree(trees[i])
                ?? throw new DatabaseCorruptException(file, -1, $"the catalog names tree '{trees[i]}' for index '{declared[i].Name}' of collection '{Name}', but there is no such tree")).RootPage;
        }

        return new CollectionState(Name, record.PrimaryTree, trees, FieldsFollowingWriter(fields), roots, declared, Model.KeyField, Model.KeyGeneration, LastSequence(primary));
    }
}
