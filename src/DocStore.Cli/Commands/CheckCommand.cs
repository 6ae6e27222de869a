using System.CommandLine;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore check db`: the integrity check of the storage, of every collection's indexes and of stored values against recorded member types.</summary>
internal sealed class CheckCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var command = new Command("check", "Check the database's integrity: page checksums, tree order, free list, every collection's index entries, and stored values against the member types a typed model recorded. Exit 0 when sound, 1 with each problem otherwise.")
        {
            db,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: true);
            var names = database.GetCollectionNames();
            var counts = new List<(string Name, long Documents, int Indexes)>();
            var problems = new List<string>();
            foreach (var name in names)
            {
                // Opening each collection enrolls it in the check of index entries against documents; a
                // collection too damaged to open or count is a problem to report, not the end of the check.
                try
                {
                    var collection = database.GetCollection(name);
                    counts.Add((name, collection.Count(), collection.Indexes.Count));
                }
                catch (DocStoreException e) when (e is not DatabaseLockedException)
                {
                    problems.Add($"collection '{name}': {e.Message}");
                }
            }

            var report = database.CheckIntegrity();
            problems.AddRange(report.Problems);
            if (problems.Count > 0)
            {
                foreach (var problem in problems)
                {
                    ToolConsole.Of(parse).Output.WriteLine(problem);
                }

                ToolConsole.Of(parse).Error.WriteLine($"docstore: {database.Path}: {Counts.Of(problems.Count, "problem")} found");
                return ExitCodes.Failure;
            }

            ToolConsole.Of(parse).Output.WriteLine($"ok: {Counts.Of(names.Count, "collection")}, {Counts.Of(counts.Sum(c => c.Documents), "document")}, {Counts.Of(report.PagesChecked, "page")}, {Counts.Of(report.TreesChecked, "tree")} checked");
            foreach (var (name, documents, indexes) in counts)
            {
                ToolConsole.Of(parse).Output.WriteLine($"  {name}: {Counts.Of(documents, "document")}, {Counts.Of(indexes, "index", "indexes")}");
            }

            return ExitCodes.Success;
        }));
        return command;
    }
}
