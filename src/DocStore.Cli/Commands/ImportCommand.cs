using System.CommandLine;
using DocStore.Cli.Hosting;
using DocStore.Cli.Import;

namespace DocStore.Cli.Commands;

/// <summary>`docstore import db collection file`: BSON, Extended JSON or CSV into a collection.</summary>
internal sealed class ImportCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var collection = new Argument<string>("collection") { Description = "The collection to import into (created when missing)." };
        var file = new Argument<string>("file") { Description = "The file to read: .bson, .json, .jsonl or .csv." };
        var format = new Option<string?>("--format") { Description = "bson, json, jsonl or csv, when the extension does not say.", HelpName = "format" };
        format.AcceptOnlyFromAmong(DataFormats.Names);
        var jsonArray = new Option<bool>("--json-array") { Description = "The JSON file is one array of documents, not one document per line." };
        var legacy = new Option<bool>("--legacy") { Description = "Also accept the legacy Extended JSON forms of older mongoexport versions ($date as a number, $binary with $type)." };
        var types = new Option<string?>("--types") { Description = $"CSV column types, as column=type,...; types: {CsvColumnTypes.Names}. Other columns are strings.", HelpName = "spec" };
        var batch = new Option<int>("--batch") { Description = "Commit every N documents instead of once for the whole file; a failure then keeps the batches before it.", HelpName = "N" };
        batch.Validators.Add(r =>
        {
            if (r.GetValueOrDefault<int>() < 0)
            {
                r.AddError("--batch must be 0 (one transaction) or more.");
            }
        });
        var upsert = new Option<bool>("--upsert") { Description = "Replace a document whose _id is already stored, instead of failing." };
        var skipInvalid = new Option<bool>("--skip-invalid") { Description = "Leave out documents the collection refuses (a value that does not fit its declared type, a taken key, a document over a limit), report each on standard error, and store the rest." };
        var noProgress = new Option<bool>("--no-progress") { Description = "Never show the progress bar." };

        var command = new Command("import", "Import documents from a file into a collection. One transaction by default: a malformed file or a refused document names the line or byte offset of the problem and leaves the database as it was. Values are converted to the member types a typed model recorded for the collection.")
        {
            db, collection, file, format, jsonArray, legacy, types, batch, upsert, skipInvalid, noProgress,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var path = parse.GetValue(file)!;
            var options = new ImportOptions(
                parse.GetValue(db)!,
                parse.GetValue(collection)!,
                path,
                DataFormats.Resolve(parse.GetValue(format), path, null),
                parse.GetValue(jsonArray),
                parse.GetValue(legacy),
                parse.GetValue(types),
                parse.GetValue(batch),
                parse.GetValue(upsert),
                parse.GetValue(skipInvalid),
                !parse.GetValue(noProgress));
            if (options.Types is not null && options.Format != DataFormat.Csv)
            {
                throw new CliUsageException("--types applies to CSV files only.");
            }

            CsvColumnTypes.Parse(options.Types);
            var runner = new ImportRunner(options);
            var length = File.Exists(path) ? new FileInfo(path).Length : 0;
            var console = ToolConsole.Of(parse);
            var result = options.Progress && console.IsOutputTerminal && length > ImportRunner.ProgressThresholdBytes
                ? ImportProgress.Run(length, p => runner.Run(p, console.Error.WriteLine))
                : runner.Run(null, console.Error.WriteLine);
            var seconds = result.Elapsed.TotalSeconds;
            var skippedNote = result.Skipped > 0 ? $", {Counts.Of(result.Skipped, "invalid document")} skipped" : string.Empty;
            console.Output.WriteLine($"imported {Counts.Of(result.Documents, "document")} into {options.Collection} ({Counts.Of(result.Transactions, "transaction")}{skippedNote}) in {seconds:0.00} s");
            return ExitCodes.Success;
        }));
        return command;
    }
}
