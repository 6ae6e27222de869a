using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Export;

/// <summary>What `docstore export` was asked to do.</summary>
internal sealed record ExportOptions(
    string Database,
    string Collection,
    string? File,
    DataFormat Format,
    bool JsonArray,
    bool Canonical,
    IReadOnlyList<string> Fields,
    string? Where = null,
    bool Force = false,
    bool Exact = false);

/// <summary>Writes every document of a collection, in key order, with its key as <c>_id</c>.</summary>
internal static class ExportRunner
{
    /// <summary>Exports as <paramref name="options"/> say; <paramref name="standardOutput"/> opens where the documents go without a file.</summary>
    public static long Run(ExportOptions options, Func<Stream> standardOutput)
    {
        using var db = DatabaseOpener.OpenExisting(options.Database, readOnly: true);
        var collection = DatabaseOpener.ExistingCollection(db, options.Collection);

        // A file is written beside its final name and moved into place, so a failed export leaves no partial file.
        using var file = options.File is null ? null : new ExportFile(options.File, options.Force);
        var stream = file?.Stream ?? standardOutput();
        long count = 0;
        try
        {
            using (var sink = CreateSink(options, new BufferedStream(stream, 1 << 16)))
            {
                foreach (var document in Documents(db, collection, options.Where))
                {
                    KeyNames.Rename(document, collection.KeyField, KeyNames.FileKey);
                    sink.Write(Portable(document, options));
                    count++;
                }

                sink.Complete();
                file?.Seal();
            }

            file?.Publish();
        }
        catch (Exception ex) when (file is not null && ex is IOException or ArgumentOutOfRangeException)
        {
            // IOException for a full disk; ArgumentOutOfRangeException is how .NET reports a file past the
            // size the file system (or the process's limit) allows.
            throw file.Failed(ex);
        }

        return count;
    }

    // Every document, or those a SQL condition keeps: SELECT * returns each whole document as one column.
    private static IEnumerable<BsonDocument> Documents(DocStoreDatabase db, BsonCollection collection, string? where)
    {
        if (where is null)
        {
            foreach (var document in collection.FindAll())
            {
                yield return document;
            }

            yield break;
        }

        var name = "\"" + collection.Name.Replace("\"", "\"\"", StringComparison.Ordinal) + "\"";
        using var rows = db.Sql.ExecuteReader($"SELECT * FROM {name} WHERE {where}");
        while (rows.Read())
        {
            yield return (BsonDocument)rows.GetValue(0);
        }
    }

    // BSON and JSON files are for MongoDB's tools unless --exact asks for the stored extension binaries;
    // CSV writes every value as text anyway.
    private static BsonDocument Portable(BsonDocument document, ExportOptions options) =>
        options.Exact || options.Format == DataFormat.Csv ? document : (BsonDocument)DotNetValues.ToMongo(document);

    private static IDocumentSink CreateSink(ExportOptions options, Stream stream) => options.Format switch
    {
        DataFormat.Bson => new BsonSink(stream),
        DataFormat.Json => new JsonSink(stream, options.Canonical ? ExtendedJsonMode.Canonical : ExtendedJsonMode.Relaxed, options.JsonArray),
        _ => new CsvSink(stream, options.Fields),
    };
}
