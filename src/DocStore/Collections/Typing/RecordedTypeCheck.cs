using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.BTree;
using DocStore.Catalog;
using DocStore.Indexing;
using DocStore.Metadata;
using DocStore.Transactions;

namespace DocStore.Collections.Typing;

/// <summary>
/// The part of the integrity check that reads stored documents against the member types the catalog records
/// (docs/catalog.md, "Member types"): every collection with recorded types, opened or not, on the check's
/// snapshot. A misfit is a value a generated typed reader would refuse with <see cref="DocumentSchemaException"/>.
/// </summary>
internal static class RecordedTypeCheck
{
    /// <summary>Misfits listed per collection; the rest are counted in one closing line.</summary>
    public const int MaxListed = 20;

    public static void Run(Transaction transaction, List<string> problems)
    {
        foreach (var name in CollectionCatalog.CollectionNames(transaction))
        {
            if (CollectionCatalog.FindCollection(transaction, name) is not { Types: { Count: > 0 } stored } record
                || transaction.OpenTree(record.PrimaryTree) is not { } primary)
            {
                // A collection without types has nothing to fit; a missing tree is the storage check's to report.
                continue;
            }

            var types = FieldType.ByPath(stored)!;
            var fields = new FieldDictionary(CollectionCatalog.LoadFields(transaction, name));
            var misfits = 0;
            try
            {
                var cursor = primary.CreateWalkCursor();
                for (var ok = cursor.SeekFirst(); ok; ok = cursor.MoveNext())
                {
                    Bson.Model.BsonDocument document;
                    try
                    {
                        document = CBsonDocumentConverter.ToDocument(cursor.Value.Span, fields);
                    }
                    catch (BsonFormatException)
                    {
                        // An undecodable document is reported by the storage and index checks.
                        continue;
                    }

                    foreach (var (path, type, value) in TypeFit.Misfits(document, types))
                    {
                        if (++misfits <= MaxListed)
                        {
                            var shown = value is Bson.Model.BsonNull ? "null" : $"{TypedWrites.Describe(value)} {TypedWrites.Excerpt(value)}".TrimEnd();
                            problems.Add($"collection '{name}': document {KeyText.Describe(cursor.Key)}: field '{path}' holds {shown}, which does not fit its declared type {type.Text}");
                        }
                    }
                }
            }
            catch (DatabaseCorruptException)
            {
                // The storage check reports the damaged page; the misfits found before it still stand.
            }

            if (misfits > MaxListed)
            {
                problems.Add($"collection '{name}': {misfits - MaxListed} more field(s) do not fit their declared types (only the first {MaxListed} misfits of a collection are listed)");
            }
        }
    }
}
