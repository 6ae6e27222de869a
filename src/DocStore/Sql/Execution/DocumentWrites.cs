using DocStore.Bson.Model;
using DocStore.Catalog;
using DocStore.Collections.Typing;
using DocStore.Metadata;
using DocStore.Sql.Bound;
using DocStore.Sql.Planning;

namespace DocStore.Sql.Execution;

/// <summary>
/// INSERT, UPDATE and DELETE in three steps: compute every new document (or doomed key) from the
/// statement's query, converting values to the member types the catalog records (<see cref="TypedWrites"/>), check all of them against the collection as the changes would leave it
/// (<see cref="WriteChecks"/>), and only then change it through the collection, which maintains every
/// index. A statement that fails in the first two steps has changed nothing, even inside an explicit
/// transaction, which stays usable.
/// </summary>
internal static class DocumentWrites
{
    public static int Run(WritePlan plan, ExecState state, BsonCollection collection, DocStoreTransaction transaction)
    {
        var checks = new WriteChecks(plan, state, collection);

        // Read in the statement's own transaction, so types a typed model recorded a moment ago apply.
        var types = FieldType.ByPath(CollectionCatalog.FindCollection(state.Transaction, collection.Name)?.Types) is { } declared
            ? new TypedWrites(collection.Name, declared, SqlErrors.Refused)
            : null;
        var table = TableWrites.For(plan.Collection, state);
        switch (plan.Kind)
        {
            case WriteKind.InsertColumns or WriteKind.InsertDocuments or WriteKind.InsertSelect:
                var documents = plan.Kind == WriteKind.InsertSelect ? SelectedDocuments(plan, state, collection, types) : InsertedDocuments(plan, state, collection, types);
                if (plan.Upsert is not null)
                {
                    return InsertResolution.Run(plan, state, collection, transaction, documents, table, checks, types);
                }

                documents = ConflictResolution.Checked(plan.Conflict, documents, table, checks);

                foreach (var document in documents)
                {
                    // Converted above, so the collection does not convert (and copy) it again.
                    collection.InsertTyped(transaction, document);
                }

                return documents.Count;
            case WriteKind.Update:
                var updates = new List<(BsonDocument Old, BsonDocument New)>();
                foreach (var row in Found(plan, state, plan.Targets.Length))
                {
                    var changed = row.Document.DeepClone();
                    for (var i = 0; i < plan.Targets.Length; i++)
                    {
                        var value = types?.Convert(plan.Targets[i], row.Values[i], KeyText(row.Document, collection)) ?? row.Values[i];
                        DocumentPaths.Set(changed, plan.Targets[i], value, plan.TargetTexts[i], collection.Name);
                    }

                    table?.PrepareUpdate(changed, plan.Targets);

                    updates.Add((row.Document, changed));
                }

                foreach (var (old, changed) in updates)
                {
                    checks.Update(old, changed);
                }

                foreach (var (_, changed) in updates)
                {
                    collection.UpdateTyped(transaction, changed);
                }

                return updates.Count;
            default:
                var keys = Found(plan, state, 0).Select(r => r.Document.TryGetValue(collection.KeyField, out var key) ? key : BsonNull.Value).ToList();
                foreach (var key in keys)
                {
                    collection.Delete(transaction, key);
                }

                return keys.Count;
        }
    }

    /// <summary>The documents the WHERE selects, decoded (so nothing points into pages the changes will rewrite), with the SET values computed on each.</summary>
    private static List<(BsonDocument Document, BsonValue[] Values)> Found(WritePlan plan, ExecState state, int values)
    {
        var found = new List<(BsonDocument, BsonValue[])>();
        foreach (var row in SelectExecutor.Run(plan.Select, state))
        {
            var computed = new BsonValue[values];
            for (var i = 0; i < values; i++)
            {
                computed[i] = DocumentPaths.Storable(BsonValues.ToBson(row[1 + i]));
            }

            found.Add(((BsonDocument)BsonValues.ToBson(row[0]), computed));
        }

        return found;
    }

    private static List<BsonDocument> InsertedDocuments(WritePlan plan, ExecState state, BsonCollection collection, TypedWrites? types)
    {
        var query = plan.Select.Query;
        var row = new RowContext(1, query.ElementSlots, query.Subqueries.Length, state.Parameters, state.Sql) { StatementClock = () => state.Clock, CaseSensitiveLike = state.Session?.CaseSensitiveLike == true };
        row.RunSubquery = (slot, current) => [.. SelectExecutor.Run(plan.Select.Subqueries[slot], state, current)];
        row.SubqueryRows = (slot, current) => SelectExecutor.Run(plan.Select.Subqueries[slot], state, current);
        row.Fields[0] = state.Fields(plan.Collection);
        var documents = new List<BsonDocument>(plan.Rows);
        for (var r = 0; r < plan.Rows; r++)
        {
            if (plan.Kind == WriteKind.InsertDocuments)
            {
                var value = BsonValues.ToBson(query.Columns[1 + r].Value.Eval(row));
                if (value is not BsonDocument document)
                {
                    throw SqlErrors.Type($"INSERT INTO {collection.Name} VALUES (...) without a column list takes one document per row; row {r + 1} is {Describe(value)}. Pass a BsonDocument parameter or write an Extended JSON document, or list the columns.");
                }

                if (StrayIdField.Refuses(plan.Collection, document))
                {
                    throw SqlErrors.NotSupported($"Row {r + 1}: {StrayIdField.Message(plan.Collection)}");
                }

                // The key generated on insert is stored into the document: not into the caller's parameter.
                var copy = document.DeepClone();
                types?.ConvertDocument(copy, KeyText(copy, collection));
                documents.Add(copy);
                continue;
            }

            var built = new BsonDocument();
            for (var c = 0; c < plan.Width; c++)
            {
                var value = DocumentPaths.Storable(BsonValues.ToBson(query.Columns[1 + (r * plan.Width) + c].Value.Eval(row)));
                DocumentPaths.Set(built, plan.Targets[c], value, plan.TargetTexts[c], collection.Name);
            }

            // Converted once the key column is in, so a refusal can name the document; in a copy, since a
            // document or array value may be the caller's parameter.
            if (types is not null)
            {
                built = built.DeepClone();
                types.ConvertDocument(built, KeyText(built, collection));
            }

            documents.Add(built);
        }

        return documents;
    }

    /// <summary>INSERT ... SELECT: every row of the query read first (so the insert never sees its own rows), then one document per row.</summary>
    private static List<BsonDocument> SelectedDocuments(WritePlan plan, ExecState state, BsonCollection collection, TypedWrites? types)
    {
        var rows = SelectExecutor.Run(plan.Select, state).Select(row => row.Select(v => DocumentPaths.Storable(BsonValues.ToBson(v))).ToArray()).ToList();
        var documents = new List<BsonDocument>(rows.Count);
        foreach (var row in rows)
        {
            var built = new BsonDocument();
            for (var c = 0; c < plan.Width; c++)
            {
                DocumentPaths.Set(built, plan.Targets[c], row[c].DeepClone(), plan.TargetTexts[c], collection.Name);
            }

            types?.ConvertDocument(built, KeyText(built, collection));
            documents.Add(built);
        }

        return documents;
    }

    /// <summary>The document's key as text for a refusal's message, or null when it has none yet (it will be generated).</summary>
    private static string? KeyText(BsonDocument document, BsonCollection collection) =>
        document.TryGetValue(collection.KeyField, out var key) && key is not BsonNull ? key.ToString() : null;

    private static string Describe(BsonValue value) => value is BsonNull ? "NULL" : "a " + value.BsonType.ToString().ToLowerInvariant();
}
