using DocStore.Bson;
using DocStore.Catalog;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections;

// A typed model opening a collection that is already open in the process (docs/decisions.md, "One
// registry of open files; options a shared engine cannot honour fail").
internal sealed partial class CollectionOpener<T, TKey>
{
    /// <summary>
    /// The shared state of a collection open on this file, made to serve this typed model. When SQL or
    /// untyped code opened it, the model reconciles the catalog as its own open would have (drops undeclared
    /// indexes, creates and builds new ones, records its member types) and the shared set becomes its
    /// declared one, in declared order; untyped objects already open rebind and keep working. When another
    /// typed model owns it, both must declare the same indexes.
    /// </summary>
    /// <exception cref="InvalidOperationException">The open state keys the collection differently, or another typed model declares other indexes.</exception>
    /// <exception cref="DatabaseReadOnlyException">The database is read-only and lacks an index the model declares.</exception>
    private CollectionState Share(CollectionState shared, WriteTransaction? within)
    {
        if (shared.KeyField != Model.KeyField || shared.KeyGeneration != Model.KeyGeneration)
        {
            throw new InvalidOperationException($"Collection '{Name}' is open in this process keyed by field '{shared.KeyField}' with {shared.KeyGeneration} keys, but the model of {typeof(T).Name} keys it by field '{Model.KeyField}' with {Model.KeyGeneration} keys; close the connections and contexts that have it open, or open the typed context first so that its open records the model's key convention.");
        }

        if (shared.ModelOwned)
        {
            return ThrowUnlessSameDeclarations(shared);
        }

        if (_context.Engine.IsReadOnly)
        {
            shared.Adopt(DeclaredSubset(shared.IndexSet));
            return shared;
        }

        // The write lock serializes this with untyped writers and with another typed model adopting the state.
        using var own = within is null ? _context.Engine.BeginWrite() : null;
        var tx = own ?? within!;
        if (shared.ModelOwned)
        {
            return ThrowUnlessSameDeclarations(shared);
        }

        var record = CollectionCatalog.FindCollection(tx, Name)
            ?? throw new InvalidOperationException($"Collection '{Name}' is open in this process but not in the committed catalog (its creation was rolled back or it was dropped); open it again.");
        record = RecordConvention(tx, record);
        var primary = OpenPrimary(tx, record);
        var (trees, roots) = ApplyIndexDeclarations(tx, primary, new FieldDictionary(CollectionCatalog.LoadFields(tx, Name)));
        own?.Commit();

        // After the commit: until the swap, objects already open follow the catalog by themselves, and the
        // swap only puts its indexes in the declared order. (Inside a caller's transaction the swap cannot wait.)
        shared.Adopt(new IndexSet(Model.Indexes, trees, roots, -1));
        shared.RecordTypes(record.Types);
        return shared;
    }

    /// <summary>The declared indexes out of a read-only open's set, in declared order (a read-only open changes no catalog).</summary>
    private IndexSet DeclaredSubset(IndexSet open)
    {
        var declared = Model.Indexes;
        var trees = new string[declared.Count];
        var roots = new uint[declared.Count];
        for (var i = 0; i < declared.Count; i++)
        {
            var position = Position(open.Definitions, declared[i]);
            if (position < 0)
            {
                throw DatabaseReadOnlyException.Missing(_context.Engine.Name, $"collection '{Name}' has no index '{declared[i].Name}' ({string.Join(", ", declared[i].Paths)}) as declared");
            }

            (trees[i], roots[i]) = (open.Trees[position], open.Roots[position]);
        }

        return new IndexSet(declared, trees, roots, -1);
    }

    private CollectionState ThrowUnlessSameDeclarations(CollectionState shared)
    {
        var open = shared.Indexes;
        var declared = Model.Indexes;
        if (open.Count == declared.Count && open.Zip(declared).All(p => p.First.SameAs(p.Second)))
        {
            return shared;
        }

        var onlyOpen = open.Where(o => Position(declared, o) < 0).Select(Describe).ToList();
        var onlyDeclared = declared.Where(d => Position(open, d) < 0).Select(Describe).ToList();
        var difference = onlyOpen.Count == 0 && onlyDeclared.Count == 0
            ? $"the same indexes in another order (open: {string.Join(", ", open.Select(d => d.Name))}; {typeof(T).Name}: {string.Join(", ", declared.Select(d => d.Name))})"
            : $"indexes only the open model declares: {List(onlyOpen)}; only {typeof(T).Name} declares: {List(onlyDeclared)}";
        throw new InvalidOperationException($"Collection '{Name}' is already open in this process through another typed model with a different index set ({difference}); two models of one collection in a process must declare the same indexes in the same order.");

        static string List(List<string> items) => items.Count == 0 ? "none" : string.Join(", ", items);
    }

    private static int Position(IReadOnlyList<IndexDefinition> definitions, IndexDefinition wanted)
    {
        for (var i = 0; i < definitions.Count; i++)
        {
            if (definitions[i].SameAs(wanted))
            {
                return i;
            }
        }

        return -1;
    }

    private static string Describe(IndexDefinition d) => $"{d.Name} ({string.Join(", ", d.Paths)}{(d.Unique ? ", unique" : string.Empty)})";
}
