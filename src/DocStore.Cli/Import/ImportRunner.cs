using System.Diagnostics;
using DocStore.Bson.Model;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Import;

/// <summary>
/// Streams documents from a source into a collection: one transaction for the whole file by default (a
/// failure leaves the database as it was, without the collection when the import created it), or a commit
/// every <see cref="ImportOptions.Batch"/> documents. Documents go through the untyped collection, which
/// converts them to the member types the catalog records; with --skip-invalid a refused document is reported
/// and left out instead of failing the import.
/// </summary>
internal sealed class ImportRunner(ImportOptions options)
{
    public const long ProgressThresholdBytes = 4L * 1024 * 1024;

    /// <summary>Runs the import; <paramref name="progress"/> receives (bytes read, documents stored) now and then, <paramref name="skipped"/> each document --skip-invalid leaves out.</summary>
    public ImportResult Run(Action<long, long>? progress, Action<string>? skipped = null)
    {
        var clock = Stopwatch.StartNew();
        using var source = OpenSource();

        // The first document is read before the database is touched, so a file that is wrong from its start
        // does not even create the collection.
        var document = source.Next();
        using var db = DatabaseOpener.OpenOrCreate(options.Database);
        var existed = db.GetCollectionNames().Contains(options.Collection, StringComparer.Ordinal);
        var collection = db.GetCollection(options.Collection);
        var csvTypes = options.Format == DataFormat.Csv ? new CsvDeclaredTypes(collection.MemberTypes, CsvColumnTypes.Parse(options.Types).Keys) : null;
        long stored = 0;
        long committed = 0;
        long skippedCount = 0;
        var transactions = 1;
        var tx = db.BeginTransaction();
        try
        {
            for (; document is not null; document = source.Next())
            {
                csvTypes?.Apply(document);
                if (!Store(collection, tx, document, source, skipped))
                {
                    skippedCount++;
                    continue;
                }

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
        catch (Exception e) when (committed == 0 && !existed)
        {
            // The collection was opened (so created) outside the import's transaction: a failed import takes it
            // away again, so the database is as it was.
            tx.Dispose();
            try
            {
                db.DropCollection(options.Collection);
            }
            catch (DocStoreException drop)
            {
                throw new CliFailureException($"{e.Message} (the empty collection '{options.Collection}' the import created could not be removed: {drop.Message})", e);
            }

            throw;
        }
        finally
        {
            tx.Dispose();
        }

        return new ImportResult(stored, skippedCount, transactions, clock.Elapsed);
    }

    /// <summary>Stores one document; false when --skip-invalid left out a document the collection refused.</summary>
    private bool Store(BsonCollection collection, DocStoreTransaction tx, BsonDocument document, IDocumentSource source, Action<string>? skipped)
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

            return true;
        }
        catch (Exception e) when (options.SkipInvalid && IsDocumentRefusal(e))
        {
            // Each refusal is checked before the write changes anything, so the transaction goes on.
            skipped?.Invoke($"{options.File}: {source.Position}: skipped: {e.Message}");
            return false;
        }
        catch (Exception e) when (e is DocStoreException or ArgumentException or CliFailureException)
        {
            throw new CliFailureException($"{options.File}: {source.Position}: {e.Message}", e);
        }
    }

    /// <summary>The refusals of one document that --skip-invalid skips: a value that does not fit its member, a taken key, a document or key over a limit, a field name that cannot be stored.</summary>
    private static bool IsDocumentRefusal(Exception e) =>
        e is DocumentSchemaException or DuplicateKeyException or DocumentTooLargeException or KeyTooLongException or IndexKeyTooLongException
        || (e is ArgumentException && e is not ArgumentNullException);

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

/// <summary>What an import stored, and how many documents --skip-invalid left out.</summary>
internal sealed record ImportResult(long Documents, long Skipped, int Transactions, TimeSpan Elapsed);
