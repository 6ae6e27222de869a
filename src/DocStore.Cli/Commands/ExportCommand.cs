using System.CommandLine;
using DocStore.Cli.Export;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore export db collection [file]`: a collection to BSON, Extended JSON or CSV.</summary>
internal sealed class ExportCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var collection = new Argument<string>("collection") { Description = "The collection to export." };
        var file = new Argument<string?>("file") { Description = "The file to write (.bson, .json, .jsonl, .csv); standard output when omitted.", Arity = ArgumentArity.ZeroOrOne };
        var format = new Option<string?>("--format") { Description = "bson, json, jsonl or csv; by default the file's extension, or jsonl on standard output.", HelpName = "format" };
        format.AcceptOnlyFromAmong(DataFormats.Names);
        var jsonArray = new Option<bool>("--json-array") { Description = "Write one JSON array instead of one document per line." };
        var canonical = new Option<bool>("--canonical") { Description = "Canonical Extended JSON (every type kept exactly) instead of relaxed." };
        var fields = new Option<string?>("--fields") { Description = "CSV columns: field paths separated by commas (a,b.c). Required for CSV.", HelpName = "paths" };
        var where = new Option<string?>("--where") { Description = "Export only the documents matching a SQL condition, as written after WHERE (docs/sql.md): --where \"Age >= 18 AND Address.City = 'Oslo'\".", HelpName = "condition" };
        var exact = new Option<bool>("--exact") { Description = "Keep .NET dates, times and durations as DocStore's binary values instead of MongoDB dates and ISO 8601 text (BSON and JSON only)." };
        var force = new Option<bool>("--force") { Description = "Replace the file if it exists (without it, an existing file is an error)." };

        var command = new Command("export", "Export a collection's documents, in key order, with the key written as _id.")
        {
            db, collection, file, format, jsonArray, canonical, fields, where, exact, force,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var path = parse.GetValue(file);
            var resolved = DataFormats.Resolve(parse.GetValue(format), path, path is null ? DataFormat.Json : null);
            var paths = (parse.GetValue(fields) ?? string.Empty).Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
            if (resolved == DataFormat.Csv && paths.Length == 0)
            {
                throw new CliUsageException("CSV export needs --fields a,b.c (the columns to write).");
            }

            if (resolved != DataFormat.Json && (parse.GetValue(jsonArray) || parse.GetValue(canonical)))
            {
                throw new CliUsageException("--json-array and --canonical apply to JSON output only.");
            }

            if (resolved == DataFormat.Csv && parse.GetValue(exact))
            {
                throw new CliUsageException("--exact applies to BSON and JSON output only; CSV writes every value as text.");
            }

            var options = new ExportOptions(
                parse.GetValue(db)!,
                parse.GetValue(collection)!,
                path,
                resolved,
                parse.GetValue(jsonArray),
                parse.GetValue(canonical),
                paths,
                parse.GetValue(where),
                parse.GetValue(force),
                parse.GetValue(exact));
            var count = ExportRunner.Run(options, ToolConsole.Of(parse).OpenOutputStream);
            if (path is not null)
            {
                ToolConsole.Of(parse).Output.WriteLine($"exported {Counts.Of(count, "document")} from {options.Collection} to {path}");
            }

            return ExitCodes.Success;
        }));
        return command;
    }
}
