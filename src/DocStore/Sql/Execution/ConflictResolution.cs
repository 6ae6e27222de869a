using DocStore.Bson.Model;
using DocStore.Sql.Ast;

namespace DocStore.Sql.Execution;

/// <summary>
/// Checks an INSERT's documents before any is written and, under <c>INSERT OR IGNORE</c> or
/// <c>ON CONFLICT DO NOTHING</c>, leaves out the rows that break a constraint instead of failing the
/// statement, as SQLite does: OR IGNORE leaves out rows breaking UNIQUE, PRIMARY KEY or NOT NULL;
/// DO NOTHING only those breaking UNIQUE or PRIMARY KEY. Later rows are checked against the kept ones.
/// </summary>
internal static class ConflictResolution
{
    /// <summary>The documents to insert, every one checked; throws on the first row that breaks a constraint the resolution does not cover.</summary>
    public static List<BsonDocument> Checked(InsertConflict conflict, List<BsonDocument> documents, TableWrites? table, WriteChecks checks)
    {
        var kept = new List<BsonDocument>(documents.Count);
        foreach (var document in documents)
        {
            if (table is not null && !table.PrepareInsert(document, ignoreNotNull: conflict == InsertConflict.Ignore))
            {
                continue;
            }

            try
            {
                checks.Insert(document);
            }
            catch (DuplicateKeyException) when (conflict != InsertConflict.Abort)
            {
                continue;
            }

            kept.Add(document);
        }

        return kept;
    }
}
