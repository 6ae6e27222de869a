using DocStore.Bson.Interop;
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
    IReadOnlyList<string> Fields);

/// <summary>Writes every document of a collection, in key order, with its key as <c>_id</c>.</summary>
internal static class ExportRunner
{
    public static long Run(ExportOptions options)
    {
        using var db = DatabaseOpener.OpenExisting(options.Database, readOnly: true);
        var collection = DatabaseOpener.ExistingCollection(db, options.Collection);

        // A file is written beside its final name and moved into place, so a failed export leaves no partial file.
        var temporary = options.File is null ? null : options.File + ".partial";
        var stream = temporary is null
            ? Console.OpenStandardOutput()
            : new FileStream(temporary, FileMode.Create, FileAccess.Write, FileShare.None, 1 << 16);
        long count = 0;
        try
        {
            using (var sink = CreateSink(options, new BufferedStream(stream, 1 << 16)))
            {
                foreach (var document in collection.FindAll())
                {
                    KeyNames.Rename(document, collection.KeyField, KeyNames.FileKey);
                    sink.Write(document);
                    count++;
                }

                sink.Complete();
            }

            if (temporary is not null)
            {
                File.Move(temporary, options.File!, overwrite: true);
            }
        }
        catch
        {
            stream.Dispose();
            if (temporary is not null)
            {
                File.Delete(temporary);
            }

            throw;
        }

        return count;
    }

    private static IDocumentSink CreateSink(ExportOptions options, Stream stream) => options.Format switch
    {
        DataFormat.Bson => new BsonSink(stream),
        DataFormat.Json => new JsonSink(stream, options.Canonical ? ExtendedJsonMode.Canonical : ExtendedJsonMode.Relaxed, options.JsonArray),
        _ => new CsvSink(stream, options.Fields),
    };
}
