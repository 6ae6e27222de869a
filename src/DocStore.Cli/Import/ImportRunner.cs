using System.Diagnostics;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>
/// Streams documents from a source into a collection: one transaction for the whole file by default (a
/// failure leaves the collection as it was), or a commit every <see cref="ImportOptions.Batch"/> documents.
/// </summary>
internal sealed class ImportRunner(ImportOptions options)
{
    public const long ProgressThresholdBytes = 4L * 1024 * 1024;

    /// <summary>Runs the import; <paramref name="progress"/> receives (bytes read, documents stored) now and then.</summary>
    public ImportResult Run(Action<long, long>? progress)
    {
        var clock = Stopwatch.StartNew();
        using var source = OpenSource();

        // The first document is read before the database is touched, so a file that is wrong from its start
        // does not even create the collection.
        var document = source.Next();
        using var db = DatabaseOpener.OpenOrCreate(options.Database);
        var collection = db.GetCollection(options.Collection);
        long stored = 0;
        long committed = 0;
        var transactions = 1;
        var tx = db.BeginTransaction();
        try
        {
            for (; document is not null; document = source.Next())
            {
                Store(collection, tx, document, source);
                stored++;
                if (options.Batch > 0 && stored % options.Batch == 0)
                {
                    tx.Commit();
                    tx.Dispose();
                    committed = stored;
                    tx = db.BeginTransaction();
                    transactions++;
                }

                if (progress is not null && stored % 1024 == 0)
                {
                    progress(source.BytesRead, stored);
                }
            }

            tx.Commit();
            progress?.Invoke(source.BytesRead, stored);
        }
        catch (Exception e) when (committed > 0 && e is CliFailureException or DocStoreException)
        {
            throw new CliFailureException($"{e.Message} ({Counts.Of(committed, "document")} {(committed == 1 ? "was" : "were")} committed by earlier batches; the failing batch was rolled back)", e);
        }
        finally
        {
            tx.Dispose();
        }

        return new ImportResult(stored, transactions, clock.Elapsed);
    }

    private void Store(BsonCollection collection, DocStoreTransaction tx, BsonDocument document, IDocumentSource source)
    {
        try
        {
            KeyNames.Rename(document, KeyNames.FileKey, collection.KeyField);
            if (options.Upsert)
            {
                collection.Upsert(tx, document);
            }
            else
            {
                collection.Insert(tx, document);
            }
        }
        catch (Exception e) when (e is DocStoreException or ArgumentException or CliFailureException)
        {
            throw new CliFailureException($"{options.File}: {source.Position}: {e.Message}", e);
        }
    }

    private IDocumentSource OpenSource()
    {
        if (!File.Exists(options.File))
        {
            throw new CliFailureException($"There is no file '{options.File}'.");
        }

        var stream = new FileStream(options.File, FileMode.Open, FileAccess.Read, FileShare.Read, 1 << 16, FileOptions.SequentialScan);
        try
        {
            return options.Format switch
            {
                DataFormat.Bson => new BsonStreamSource(stream, options.File),
                DataFormat.Json when options.JsonArray => new JsonArraySource(stream, options.File, options.Legacy),
                DataFormat.Json => new JsonLinesSource(stream, options.File, options.Legacy),
                _ => new CsvSource(stream, options.File, CsvColumnTypes.Parse(options.Types)),
            };
        }
        catch
        {
            stream.Dispose();
            throw;
        }
    }
}

/// <summary>What an import stored.</summary>
internal sealed record ImportResult(long Documents, int Transactions, TimeSpan Elapsed);
