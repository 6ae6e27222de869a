using System.CommandLine;
using System.Globalization;
using DocStore.Cli.Copy;
using DocStore.Cli.Hosting;

namespace DocStore.Cli.Commands;

/// <summary>`docstore copy source dest [--force]`: moves a database between an embedded file and PostgreSQL, verified by counts and digests.</summary>
internal sealed class CopyCommand : ICliCommand
{
    public Command Create()
    {
        var source = new Argument<string>("source") { Description = "The database to read: a file, or postgres:<Npgsql connection string> (the schema its Search Path names)." };
        var destination = new Argument<string>("dest") { Description = "The database to write: a file, or postgres:<Npgsql connection string>." };
        var force = new Option<bool>("--force") { Description = "Replace an existing file, or on PostgreSQL the tables of the collections copied (in the copy's transaction)." };
        var command = new Command("copy", "Copy every collection between a database file and PostgreSQL (postgres:<connection string>), with its key and indexes, and verify each one's document count and content digest on both sides. Nothing is visible at the destination until the copy is complete and verified.")
        {
            source,
            destination,
            force,
        };
        command.SetAction(parse => CommandRunner.Run(parse, () =>
        {
            var ends = new CopyEnds(parse.GetValue(source)!, parse.GetValue(destination)!);
            try
            {
                var (figures, duration) = CopyRunner.Run(ends, parse.GetValue(force));
                var output = ToolConsole.Of(parse).Output;
                output.WriteLine($"copied {Counts.Of(figures.Count, "collection")}, {Counts.Of(figures.Sum(f => f.Documents), "document")} from {ends.Source} to {ends.Destination} in {duration.TotalSeconds.ToString("0.00", CultureInfo.InvariantCulture)} s");
                foreach (var figure in figures)
                {
                    output.WriteLine($"  {figure.Collection}: {Counts.Of(figure.Documents, "document")}, SHA-256 {figure.Digest} on both sides");
                }

                return ExitCodes.Success;
            }
            catch (Exception e) when (e is not (CliFailureException or CliUsageException) && ends.Redact(e.Message) != e.Message)
            {
                // The message carried a password (a driver echoing its connection string): shown without it, and without the original.
                throw new CliFailureException(ends.Redact(e.Message));
            }
            catch (Exception e) when (e is ArgumentException or InvalidDataException or Npgsql.NpgsqlException or InvalidOperationException)
            {
                throw new CliFailureException(ends.Redact(e.Message), e);
            }
        }));
        return command;
    }
}
