using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>The documents of a subquery in FROM: its rows, run when the source is read, each encoded over the source's field names.</summary>
internal static class DerivedRows
{
    public static IEnumerable<ReadOnlyMemory<byte>> Documents(SourcePlan source, RowContext row)
    {
        var collection = source.Source.Collection;
        var fields = row.Fields[source.Source.Index];
        var names = collection.DerivedColumns;
        foreach (var values in row.RunSubquery!(collection.DerivedSlot, row))
        {
            var document = new BsonDocument();
            for (var i = 0; i < names.Length && i < values.Length; i++)
            {
                if (!document.Contains(names[i]))
                {
                    document.Add(names[i], BsonValues.ToBson(values[i]));
                }
            }

            yield return CBsonDocumentConverter.FromDocument(document, fields);
        }
    }
}
