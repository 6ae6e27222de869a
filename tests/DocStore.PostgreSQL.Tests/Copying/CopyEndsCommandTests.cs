using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Copying;

/// <summary>
/// `docstore copy` with the ends a user may write: one schema spelled two ways is refused before anything is
/// read or dropped, and a file written with --password is encrypted under it.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class CopyEndsCommandTests(PostgresServer server) : IDisposable
{
    private readonly string _folder = Directory.CreateTempSubdirectory("docstore-copy-ends-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void One_schema_spelled_two_ways_is_refused_as_the_same_and_keeps_its_tables()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            CopyData.Seed(db, members: 5);
        }

        var schema = server.NewSchema();
        Assert.Equal(0, ToolProcess.Run(_folder, "copy", "app.db", "postgres:" + schema).ExitCode);
        var before = Members(schema);
        var parts = new NpgsqlConnectionStringBuilder(schema);
        var respelled = $"postgres:search path = {parts.SearchPath}; database={parts.Database};PORT={parts.Port}; host={parts.Host};username={parts.Username}";

        var run = ToolProcess.Run(_folder, "copy", "postgres:" + schema, respelled, "--force");

        Assert.Equal(2, run.ExitCode);
        Assert.Contains("the same PostgreSQL database and schema", run.Error, StringComparison.Ordinal);
        Assert.Equal(before, Members(schema));
    }

    [Fact]
    public void A_file_copied_from_postgres_with_a_password_is_encrypted_under_it()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            CopyData.Seed(db, members: 5);
        }

        var schema = server.NewSchema();
        Assert.Equal(0, ToolProcess.Run(_folder, "copy", "app.db", "postgres:" + schema).ExitCode);

        var run = ToolProcess.Run(_folder, "copy", "postgres:" + schema, "secret.db", "--password", "s3cret");

        Assert.True(run.ExitCode == 0, run.All);
        var path = Path.Combine(_folder, "secret.db");
        Assert.Throws<EncryptionKeyException>(() => MemberDb.Open(path, new DocStoreOptions { ReadOnly = true }));
        using var copy = MemberDb.Open(path, new DocStoreOptions { Password = "s3cret", ReadOnly = true });
        Assert.Equal(Members(schema), copy.Members.Count());
    }

    private static long Members(string schema)
    {
        using var db = MemberDb.OpenPostgres(schema);
        return db.Members.Count();
    }
}
