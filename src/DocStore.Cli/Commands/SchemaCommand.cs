using System.CommandLine;
using DocStore.Cli.Hosting;
using DocStore.PostgreSQL.Copying;

namespace DocStore.Cli.Commands;

/// <summary>`docstore schema db --postgres`: the statements that create the database's collections on PostgreSQL, for teams that manage migrations.</summary>
internal sealed class SchemaCommand : ICliCommand
{
    public Command Create()
    {
        var db = CommonOptions.Database();
        var postgres = new Option<bool>("--postgres") { Description = "Print PostgreSQL DDL (the only kind so far; required)." };
        var command = new Command("schema", "Print the DDL that creates the database's collections on PostgreSQL (tables, index key columns, multikey entry tables, key sequences), as opening the collections with DocStore.PostgreSQL runs it.")
        {
            db,
            postgres,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            if (!parse.GetValue(postgres))
            {
                throw new CliUsageException("schema needs the dialect to print: --postgres.");
            }

            using var database = DatabaseOpener.OpenExisting(parse.GetValue(db)!, readOnly: true);
            var output = ToolConsole.Of(parse).Output;
            var first = true;
            foreach (var name in database.GetCollectionNames().Order(StringComparer.Ordinal))
            {
                var collection = CopiedCollection.Of(database.GetCollection(name));
                IEnumerable<string> statements;
                try
                {
                    statements = [.. SchemaScript.Of(collection)];
                }
                catch (ArgumentException e)
                {
                    throw new CliFailureException(e.Message);
                }

                if (!first)
                {
                    output.WriteLine();
                }

                first = false;
                output.WriteLine($"-- collection {name}: key {collection.KeyField} ({collection.KeyType ?? "no declared type"}), {Counts.Of(collection.Indexes.Count, "index", "indexes")}");
                foreach (var statement in statements)
                {
                    output.WriteLine(statement + ";");
                }
            }

            return ExitCodes.Success;
        }));
        return command;
    }
}
