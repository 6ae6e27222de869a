using DocStore.Bson.Model;

namespace DocStore.Cli.Sql;

/// <summary>
/// One statement's rows as columns and values. A <c>SELECT *</c> over one collection has one column per
/// top-level field (the union over its documents, in first-seen order), as sqlite3 and mongosh show them;
/// a field a document lacks is a null cell, unlike a stored NULL.
/// </summary>
internal sealed class ResultSet(string[] names, List<BsonValue?[]> rows, List<BsonDocument>? documents)
{
    public string[] Names { get; } = names;

    public List<BsonValue?[]> Rows { get; } = rows;

    /// <summary>The stored documents themselves, when the statement was <c>SELECT *</c> over one source.</summary>
    public List<BsonDocument>? Documents { get; } = documents;

    /// <summary>Reads the current result of <paramref name="rows"/> to its end.</summary>
    public static ResultSet Read(SqlDataRows rows)
    {
        if (!rows.IsWholeDocument)
        {
            var names = Enumerable.Range(0, rows.FieldCount).Select(rows.GetName).ToArray();
            var values = new List<BsonValue?[]>();
            while (rows.Read())
            {
                values.Add([.. Enumerable.Range(0, names.Length).Select(rows.GetValue)]);
            }

            return new ResultSet(names, values, null);
        }

        var documents = new List<BsonDocument>();
        var fields = new List<string>();
        var seen = new HashSet<string>(StringComparer.Ordinal);
        while (rows.Read())
        {
            var document = rows.ToDocument();
            documents.Add(document);
            fields.AddRange(document.Names.Where(seen.Add));
        }

        var cells = documents.Select(d => fields.Select(f => d.TryGetValue(f, out var v) ? v : null).ToArray()).ToList();
        return new ResultSet([.. fields], cells, documents);
    }
}
