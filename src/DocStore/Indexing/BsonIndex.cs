using DocStore.Bson.Model;
using DocStore.Collections.Untyped;
using DocStore.Metadata;

namespace DocStore.Indexing;

/// <summary>An index of an untyped collection: its definition and its parsed paths.</summary>
internal sealed class BsonIndex
{
    private readonly BsonPath[] _paths;
    private readonly int _multikey;

    public BsonIndex(IndexDefinition definition)
    {
        Definition = definition;
        _paths = [.. definition.Paths.Select(BsonPath.Parse)];
        _multikey = IndexDefinition.CheckPaths(definition, _paths);
    }

    public IndexDefinition Definition { get; }

    public int ComponentCount => _paths.Length;

    /// <summary>The keys <paramref name="document"/> has in this index: one, or one per element of the multikey path.</summary>
    /// <exception cref="DocumentSchemaException">A value at a path is a document, an array outside '[]', or another type keys cannot hold.</exception>
    public void AppendKeys(BsonDocument document, IndexKeySink keys)
    {
        if (_multikey < 0)
        {
            var key = keys.Begin();
            for (var c = 0; c < _paths.Length; c++)
            {
                Append(key, c, _paths[c].Single(document));
            }

            keys.Commit();
            return;
        }

        var elements = new List<BsonValue?>();
        _paths[_multikey].Elements(document, elements);
        foreach (var element in elements)
        {
            var key = keys.Begin();
            for (var c = 0; c < _paths.Length; c++)
            {
                Append(key, c, c == _multikey ? element : _paths[c].Single(document));
            }

            keys.Commit();
        }
    }

    private void Append(IndexKeyBuilder key, int component, BsonValue? value)
    {
        value = KeyCollations.Apply(Definition.Collations, component, value);
        if (!BsonKeyValues.TryAppend(key, value))
        {
            var hint = value is BsonArray && !_paths[component].IsMultikey ? $"; write '{_paths[component].Text}[]' to index its elements" : string.Empty;
            throw new DocumentSchemaException(_paths[component].Text, $"index '{Definition.Name}' cannot hold a value of type {BsonKeyValues.Describe(value)}{hint}");
        }
    }
}
