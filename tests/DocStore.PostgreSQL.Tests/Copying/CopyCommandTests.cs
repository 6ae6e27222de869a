using System.Text.RegularExpressions;
using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Copying;

/// <summary>`docstore copy` and `docstore schema`, run as the real tool against the real server.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed partial class CopyCommandTests(PostgresServer server) : IDisposable
{
    private const string Password = "not-for-output-7f3e";

    private readonly string _folder = Directory.CreateTempSubdirectory("docstore-copy-").FullName;

    public void Dispose() => Directory.Delete(_folder, recursive: true);

    [Fact]
    public void A_typed_database_copies_to_postgres_and_back_with_every_document_and_index()
    {
        var source = Path.Combine(_folder, "app.db");
        using (var db = MemberDb.Open(source))
        {
            CopyData.Seed(db);
        }

        var schema = server.NewSchema();
        var there = ToolProcess.Run(_folder, "copy", "app.db", Postgres(schema));
        Assert.True(there.ExitCode == 0, there.All);
        var digests = Digests(there.Output);
        Assert.Equal(["Labels", "Members", "Notes"], digests.Keys);
        Assert.Equal("38", digests["Members"].Count);

        var back = Path.Combine(_folder, "back.db");
        var home = ToolProcess.Run(_folder, "copy", Postgres(schema), "back.db");
        Assert.True(home.ExitCode == 0, home.All);
        Assert.Equal(digests, Digests(home.Output));

        using (var original = MemberDb.Open(source, new DocStoreOptions { ReadOnly = true }))
        {
            using (var onServer = MemberDb.OpenPostgres(schema))
            {
                CopyData.AssertSame(original, onServer);
            }

            using var copied = MemberDb.Open(back);
            CopyData.AssertSame(original, copied);

            // The next generated key follows the largest copied one on both sides.
            var next = original.Members.Scan().Max(m => m.Id) + 1;
            Assert.Equal(next, copied.Members.Insert(new Member { Handle = "new on file" }));
        }

        using var reopened = MemberDb.OpenPostgres(schema);
        Assert.Equal(reopened.Members.Scan().Max(m => m.Id) + 1, reopened.Members.Insert(new Member { Handle = "new on server" }));
    }

    [Fact]
    public void The_layout_on_postgres_is_the_one_the_typed_context_creates()
    {
        var source = Path.Combine(_folder, "app.db");
        using (var db = MemberDb.Open(source))
        {
            CopyData.Seed(db, members: 6);
        }

        var copied = server.NewSchema();
        Assert.Equal(0, ToolProcess.Run(_folder, "copy", "app.db", Postgres(copied)).ExitCode);
        var typed = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(typed))
        {
            CopyData.Seed(db, members: 6);
        }

        Assert.Equal(Layout(typed), Layout(copied));

        // The typed context's open finds every index declared as it declares it: nothing is rebuilt.
        var before = Oids(copied);
        using (MemberDb.OpenPostgres(copied))
        {
        }

        Assert.Equal(before, Oids(copied));
    }

    [Fact]
    public void Key_column_and_entry_table_indexes_come_back_from_postgres_after_a_copy_of_several_batches()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            // More members than one batch of the copy holds, so rows, key columns and entries go in several round trips.
            CopyData.Seed(db, members: 2500);
        }

        var schema = server.NewSchema();
        var there = ToolProcess.Run(_folder, "copy", "app.db", Postgres(schema));
        Assert.True(there.ExitCode == 0, there.All);
        var back = ToolProcess.Run(_folder, "copy", Postgres(schema), "back.db");
        Assert.True(back.ExitCode == 0, back.All);
        Assert.Equal(Digests(there.Output), Digests(back.Output));

        // The file copied back declares every index the original declares, read off the key columns' and entry tables' comments.
        var declared = Declarations(ToolProcess.Run(_folder, "schema", "app.db", "--postgres").Output);
        Assert.Contains(declared, d => d.StartsWith("COMMENT ON COLUMN \"Members\".\"key_", StringComparison.Ordinal));
        Assert.Contains(declared, d => d.StartsWith("COMMENT ON TABLE \"Members__", StringComparison.Ordinal));
        Assert.Contains(declared, d => d.StartsWith("COMMENT ON COLUMN \"Members\".\"handle\" IS 'docstore column Handle string'", StringComparison.Ordinal));

        // A file copied from PostgreSQL records member types (which give the typed columns) when a typed context opens it.
        Assert.Equal(declared.Where(d => d.Contains("'docstore index ", StringComparison.Ordinal)), Declarations(ToolProcess.Run(_folder, "schema", "back.db", "--postgres").Output));

        // Every batch's key columns and entries answer the typed finds as the original's indexes do (ranges span all batches).
        using var original = MemberDb.Open(Path.Combine(_folder, "app.db"), new DocStoreOptions { ReadOnly = true });
        using var onServer = MemberDb.OpenPostgres(schema);
        var last = original.Members.Scan().Last();
        Assert.Equal(last.Describe(), onServer.Members.FindByHandle(last.Handle)?.Describe());
        Assert.NotEmpty(original.Members.FindByScoreRange(2, 5));
        Assert.Equal(original.Members.FindByScoreRange(2, 5).Select(m => m.Id), onServer.Members.FindByScoreRange(2, 5).Select(m => m.Id));
        Assert.NotEmpty(original.Members.FindByTagsRange("tag0", "tag9"));
        Assert.Equal(original.Members.FindByTagsRange("tag0", "tag9").Select(m => m.Id), onServer.Members.FindByTagsRange("tag0", "tag9").Select(m => m.Id));
    }

    [Fact]
    public void A_failure_in_the_middle_leaves_no_partial_copy_on_postgres()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            CopyData.Seed(db);
        }

        // The last collection's entry table name is taken by a view, so creating it fails after two collections were written.
        var schema = server.NewSchema();
        Execute(schema, "CREATE VIEW \"Notes__Title\" AS SELECT 1 AS one");
        var run = ToolProcess.Run(_folder, "copy", "app.db", Postgres(schema));
        Assert.Equal(1, run.ExitCode);
        Assert.StartsWith("docstore: ", run.Error, StringComparison.Ordinal);
        Assert.Equal(["Notes__Title"], Relations(schema));
        Assert.DoesNotContain(Password, run.All, StringComparison.Ordinal);
    }

    [Fact]
    public void A_killed_copy_leaves_nothing_on_postgres()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            CopyData.Seed(db, members: 3000);
        }

        // Killed once it holds the lock its transaction takes to create Members, the second collection: Labels is written by then.
        var schema = server.NewSchema();
        var search = new NpgsqlConnectionStringBuilder(schema).SearchPath!;
        var creatingMembers = $"SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND objid::bigint = (hashtext('{search}' || '.' || 'Members')::bigint & 4294967295)";
        using (var copy = ToolProcess.Begin(_folder, "copy", "app.db", Postgres(schema)))
        {
            Assert.True(WaitFor(schema, creatingMembers, held: true), "The copy never began writing Members.");
            copy.Kill(entireProcessTree: true);
            Assert.True(copy.WaitForExit(ToolProcess.HangGuard));
        }

        // The server rolls the transaction back once it sees the connection gone.
        Assert.True(WaitFor(schema, creatingMembers, held: false), "The killed copy's transaction was never rolled back.");
        Assert.Empty(Relations(schema));
    }

    [Fact]
    public void A_failure_in_the_middle_leaves_no_file()
    {
        var schema = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(schema))
        {
            CopyData.Seed(db, members: 1500);
        }

        // Every file the tool writes is limited to 64 KiB: the staged database outgrows it half way.
        var run = ToolProcess.RunOnFullDisk(_folder, 64, "copy", Postgres(schema), "back.db");
        Assert.Equal(1, run.ExitCode);
        Assert.StartsWith("docstore: ", run.Error, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFileSystemEntries(_folder));

        // Without the limit the same copy succeeds: the limit, not the data, failed it.
        var unlimited = ToolProcess.Run(_folder, "copy", Postgres(schema), "back.db");
        Assert.True(unlimited.ExitCode == 0, unlimited.All);
    }

    [Fact]
    public void An_existing_destination_is_refused_without_force_and_replaced_with_it()
    {
        var source = Path.Combine(_folder, "app.db");
        using (var db = MemberDb.Open(source))
        {
            CopyData.Seed(db, members: 6);
        }

        var schema = server.NewSchema();
        Assert.Equal(0, ToolProcess.Run(_folder, "copy", "app.db", Postgres(schema)).ExitCode);
        using (var db = MemberDb.OpenPostgres(schema))
        {
            db.Members.Insert(new Member { Handle = "only on the server" });
        }

        var refused = ToolProcess.Run(_folder, "copy", "app.db", Postgres(schema));
        Assert.Equal(1, refused.ExitCode);
        Assert.Contains("already has collection 'Labels'", refused.Error, StringComparison.Ordinal);
        Assert.Contains("--force", refused.Error, StringComparison.Ordinal);
        Assert.DoesNotContain(Password, refused.All, StringComparison.Ordinal);
        using (var db = MemberDb.OpenPostgres(schema))
        {
            Assert.NotNull(db.Members.FindByHandle("only on the server"));
        }

        var forced = ToolProcess.Run(_folder, "copy", "app.db", Postgres(schema), "--force");
        Assert.True(forced.ExitCode == 0, forced.All);
        using (var db = MemberDb.OpenPostgres(schema))
        {
            Assert.Null(db.Members.FindByHandle("only on the server"));
        }

        File.WriteAllText(Path.Combine(_folder, "taken.db"), "not a database");
        var fileRefused = ToolProcess.Run(_folder, "copy", Postgres(schema), "taken.db");
        Assert.Equal(1, fileRefused.ExitCode);
        Assert.Contains("'taken.db' exists; pass --force", fileRefused.Error, StringComparison.Ordinal);
        Assert.Equal("not a database", File.ReadAllText(Path.Combine(_folder, "taken.db")));
        Assert.Equal(0, ToolProcess.Run(_folder, "copy", Postgres(schema), "taken.db", "--force").ExitCode);
        using var replaced = MemberDb.Open(Path.Combine(_folder, "taken.db"));
        Assert.Equal(4, replaced.Members.Count());
    }

    [Fact]
    public void The_password_stays_out_of_what_the_tool_prints()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            CopyData.Seed(db, members: 3);
        }

        var run = ToolProcess.Run(_folder, "copy", "app.db", Postgres(server.NewSchema()));
        Assert.Equal(0, run.ExitCode);
        Assert.Contains("to postgres:", run.Output, StringComparison.Ordinal);
        Assert.DoesNotContain(Password, run.All, StringComparison.Ordinal);

        var malformed = ToolProcess.Run(_folder, "copy", "app.db", $"postgres:Host=x;Password={Password};Port=not-a-port");
        Assert.Equal(2, malformed.ExitCode);
        Assert.DoesNotContain(Password, malformed.All, StringComparison.Ordinal);
    }

    [Fact]
    public void Schema_prints_the_ddl_the_typed_context_runs()
    {
        using (var db = MemberDb.Open(Path.Combine(_folder, "app.db")))
        {
            CopyData.Seed(db, members: 3);
        }

        var run = ToolProcess.Run(_folder, "schema", "app.db", "--postgres");
        Assert.True(run.ExitCode == 0, run.All);
        Assert.Contains("CREATE TABLE IF NOT EXISTS \"Members\" (id integer PRIMARY KEY", run.Output, StringComparison.Ordinal);

        // The printed script, run by hand, is what the typed context would have made: it opens without rebuilding an index.
        var migrated = server.NewSchema();
        Execute(migrated, run.Output);
        var typed = server.NewSchema();
        using (MemberDb.OpenPostgres(typed))
        {
        }

        Assert.Equal(Layout(typed), Layout(migrated));
        var before = Oids(migrated);
        using (var db = MemberDb.OpenPostgres(migrated))
        {
            db.Members.Insert(new Member { Handle = "h", Tags = ["t"] });
            Assert.Single(db.Members.FindByTags("t"));
        }

        Assert.Equal(before, Oids(migrated));
        Assert.Equal(2, ToolProcess.Run(_folder, "schema", "app.db").ExitCode);
    }

    private static List<string> Declarations(string schemaOutput) =>
        [.. schemaOutput.Split('\n').Select(l => l.TrimEnd('\r')).Where(l => l.StartsWith("COMMENT ON ", StringComparison.Ordinal))];

    private static string Postgres(string connectionString) =>
        "postgres:" + new NpgsqlConnectionStringBuilder(connectionString) { Password = Password }.ConnectionString;

    private static Dictionary<string, (string Count, string Digest)> Digests(string output) =>
        DigestLine().Matches(output).ToDictionary(m => m.Groups[1].Value, m => (m.Groups[2].Value, m.Groups[3].Value));

    [GeneratedRegex(@"^  (\w+): (\d+) documents?, SHA-256 ([0-9a-f]{64}) on both sides$", RegexOptions.Multiline)]
    private static partial Regex DigestLine();

    /// <summary>Every table and column with its type, collation, nullability and constraints, and each table's comment.</summary>
    private static List<string> Layout(string connectionString) => Strings(connectionString, """
        SELECT c.relname || ' ' || coalesce(obj_description(c.oid, 'pg_class'), '') || ' | ' ||
               string_agg(a.attname || ' ' || format_type(a.atttypid, a.atttypmod) || coalesce(' collate ' || co.collname, '') || CASE WHEN a.attnotnull THEN ' not null' ELSE '' END, ', ' ORDER BY a.attnum) || ' | ' ||
               coalesce((SELECT string_agg(regexp_replace(pg_get_constraintdef(k.oid), 't\d+_\d+_\w+\.', ''), '; ' ORDER BY pg_get_constraintdef(k.oid)) FROM pg_constraint k WHERE k.conrelid = c.oid), '') || ' | ' ||
               (SELECT count(*) FROM pg_index i WHERE i.indrelid = c.oid)
        FROM pg_class c JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped
        LEFT JOIN pg_collation co ON co.oid = a.attcollation AND a.attcollation <> 0 AND co.collname <> 'default'
        WHERE c.relnamespace = current_schema()::regnamespace AND c.relkind = 'r'
        GROUP BY c.oid, c.relname ORDER BY c.relname COLLATE "C"
        """);

    private static List<string> Oids(string connectionString) =>
        Strings(connectionString, "SELECT relname || ' ' || oid FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind = 'r' ORDER BY relname COLLATE \"C\"");

    private static List<string> Relations(string connectionString) =>
        Strings(connectionString, "SELECT relname FROM pg_class WHERE relnamespace = current_schema()::regnamespace AND relkind IN ('r', 'v') ORDER BY relname COLLATE \"C\"");

    private static List<string> Strings(string connectionString, string sql)
    {
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        using var command = dataSource.CreateCommand(sql);
        using var reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add(reader.GetString(0));
        }

        return rows;
    }

    /// <summary>Polls <paramref name="countSql"/> until it is non-zero (or zero), up to the hang guard.</summary>
    private static bool WaitFor(string connectionString, string countSql, bool held)
    {
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        var guard = System.Diagnostics.Stopwatch.StartNew();
        while (guard.Elapsed < ToolProcess.HangGuard)
        {
            using var command = dataSource.CreateCommand(countSql);
            if ((long)command.ExecuteScalar()! > 0 == held)
            {
                return true;
            }

            Thread.Sleep(5);
        }

        return false;
    }

    private static void Execute(string connectionString, string sql)
    {
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        using var command = dataSource.CreateCommand(sql);
        command.ExecuteNonQuery();
    }
}
