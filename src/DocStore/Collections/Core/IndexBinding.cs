using System.Text;
using DocStore.Indexing;
using DocStore.Metadata;

namespace DocStore.Collections;

/// <summary>
/// The indexes as one operation uses them: the shared set, the model that extracts their keys, and their
/// entry layout. An operation takes one binding and keeps it, so an index statement committed meanwhile
/// cannot change its index positions halfway.
/// </summary>
internal sealed class IndexBinding<T, TKey>
    where TKey : notnull
{
    public IndexBinding(IndexSet set, ICollectionModel<T, TKey> model, int maxKeyLength)
    {
        Set = set;
        Model = model;
        Entries = new IndexEntries(model.CollectionName, model.Indexes, maxKeyLength, model.FieldTypes);
        TreesUtf8 = [.. set.Trees.Select(Encoding.UTF8.GetBytes)];
    }

    private IndexBinding(IndexSet set, IndexBinding<T, TKey> same)
    {
        Set = set;
        Model = same.Model;
        Entries = same.Entries;
        TreesUtf8 = same.TreesUtf8;
    }

    public IndexSet Set { get; }

    public ICollectionModel<T, TKey> Model { get; }

    public IndexEntries Entries { get; }

    public IReadOnlyList<IndexDefinition> Definitions => Model.Indexes;

    public string[] Trees => Set.Trees;

    public uint[] Roots => Set.Roots;

    public byte[][] TreesUtf8 { get; }

    /// <summary>This binding over <paramref name="set"/>, which holds the same indexes (confirmed under a later generation).</summary>
    public IndexBinding<T, TKey> With(IndexSet set) => new(set, this);
}
