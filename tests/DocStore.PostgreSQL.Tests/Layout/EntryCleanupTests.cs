using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>
/// A multikey index's entry table kept in step with SQL users' writes to the collection's table by the table's
/// triggers (no foreign key, which would check every inserted entry): deletes, TRUNCATE, a changed id, and the
/// older layout's foreign key found at open.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class EntryCleanupTests(PostgresServer server)
{
    [Fact]
    public void An_entry_table_has_no_foreign_key_and_the_collection_table_has_the_triggers()
    {
        var connectionString = Seeded();
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        Assert.Equal(0L, Scalar(dataSource, "SELECT count(*) FROM pg_constraint WHERE conrelid = '\"Members__Tags\"'::regclass AND contype = 'f'"));
        Assert.Equal(3L, Scalar(dataSource, "SELECT count(*) FROM pg_trigger WHERE tgrelid = '\"Members\"'::regclass AND tgname LIKE 'docstore%'"));
    }

    [Fact]
    public void Rows_deleted_with_SQL_take_their_entries_with_them()
    {
        var connectionString = Seeded();
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            Scalar(dataSource, "DELETE FROM \"Members\" WHERE id IN (1, 3)");
            Assert.Equal(0L, Scalar(dataSource, "SELECT count(*) FROM \"Members__Tags\" WHERE id IN (1, 3)"));
            Assert.Equal(8L, Scalar(dataSource, "SELECT count(*) FROM \"Members__Tags\""));
        }

        using var db = MemberDb.OpenPostgres(connectionString);
        Assert.Equal([5], db.Members.FindByTags("odd").Select(m => m.Id));
        Assert.Equal([2, 4, 5, 6], db.Members.FindByTags("all").Select(m => m.Id));
    }

    [Fact]
    public void Truncating_the_table_with_SQL_empties_its_entry_tables()
    {
        var connectionString = Seeded();
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            // A cascading foreign key refused this ("cannot truncate a table referenced in a foreign key constraint").
            Scalar(dataSource, "TRUNCATE \"Members\"");
            Assert.Equal(0L, Scalar(dataSource, "SELECT count(*) FROM \"Members__Tags\""));
        }

        using var db = MemberDb.OpenPostgres(connectionString);
        var again = TypedCollectionSemantics.NewMember("again", 10, tags: "odd");
        again.Id = 1;
        db.Members.Insert(again);
        Assert.Equal([1], db.Members.FindByTags("odd").Select(m => m.Id));
        Assert.Empty(db.Members.FindByTags("all"));
    }

    [Fact]
    public void Changing_an_id_with_SQL_is_refused_and_leaves_the_row()
    {
        var connectionString = Seeded();
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        var error = Assert.Throws<PostgresException>(() => Scalar(dataSource, "UPDATE \"Members\" SET id = 100 WHERE id = 1"));
        Assert.Equal(PostgresErrorCodes.ForeignKeyViolation, error.SqlState);
        Assert.Contains("cannot change", error.MessageText, StringComparison.Ordinal);

        // Other columns stay writable.
        Scalar(dataSource, "UPDATE \"Members\" SET doc = doc WHERE id = 1");
        using var db = MemberDb.OpenPostgres(connectionString);
        Assert.Equal([1, 3, 5], db.Members.FindByTags("odd").Select(m => m.Id));
    }

    [Fact]
    public void The_older_layouts_foreign_key_is_dropped_at_open_and_deletes_still_take_the_entries()
    {
        var connectionString = Seeded();
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            // The layout before the triggers: a cascading foreign key on the entry table, no triggers.
            Scalar(dataSource, "DROP TRIGGER docstore_delete_entries ON \"Members\"; DROP TRIGGER docstore_truncate_entries ON \"Members\"; DROP TRIGGER docstore_keep_id ON \"Members\"");
            Scalar(dataSource, "ALTER TABLE \"Members__Tags\" ADD FOREIGN KEY (id) REFERENCES \"Members\" (id) ON DELETE CASCADE");
        }

        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            Assert.Equal([1, 3, 5], db.Members.FindByTags("odd").Select(m => m.Id));
            Assert.True(db.Members.Delete(3));
            Assert.Equal([1, 5], db.Members.FindByTags("odd").Select(m => m.Id));
        }

        using var check = NpgsqlDataSource.Create(connectionString);
        Assert.Equal(0L, Scalar(check, "SELECT count(*) FROM pg_constraint WHERE conrelid = '\"Members__Tags\"'::regclass AND contype = 'f'"));
        Assert.Equal(0L, Scalar(check, "SELECT count(*) FROM \"Members__Tags\" WHERE id = 3"));
        Scalar(check, "DELETE FROM \"Members\" WHERE id = 5");
        Assert.Equal(0L, Scalar(check, "SELECT count(*) FROM \"Members__Tags\" WHERE id = 5"));
    }

    [Fact]
    public void A_foreign_key_under_the_users_own_name_is_kept_and_the_triggers_leave_the_table_to_it()
    {
        var connectionString = Seeded();
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            // What docs/scale-out.md asks of a Citus user before distributing the tables.
            Scalar(dataSource, "DROP TRIGGER docstore_delete_entries ON \"Members\"; DROP TRIGGER docstore_truncate_entries ON \"Members\"; DROP TRIGGER docstore_keep_id ON \"Members\"");
            Scalar(dataSource, "ALTER TABLE \"Members__Tags\" ADD CONSTRAINT members_tags_cascade FOREIGN KEY (id) REFERENCES \"Members\" (id) ON DELETE CASCADE");
        }

        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            Assert.True(db.Members.Delete(3));
            Assert.Equal([1, 5], db.Members.FindByTags("odd").Select(m => m.Id));
        }

        using var check = NpgsqlDataSource.Create(connectionString);
        Assert.Equal("members_tags_cascade", Scalar(check, "SELECT conname::text FROM pg_constraint WHERE conrelid = '\"Members__Tags\"'::regclass AND contype = 'f'"));
        Assert.Equal(0L, Scalar(check, "SELECT count(*) FROM pg_trigger WHERE tgrelid = '\"Members\"'::regclass AND tgname LIKE 'docstore%'"));
        Assert.Equal(0L, Scalar(check, "SELECT count(*) FROM \"Members__Tags\" WHERE id = 3"));
    }

    [Fact]
    public void An_entry_table_nothing_kept_in_step_is_rebuilt_at_open()
    {
        var connectionString = Seeded();
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            // As while a model without the index was in use: no trigger names the table, rows went and came
            // back under the same ids without it hearing.
            Scalar(dataSource, "DROP TRIGGER docstore_delete_entries ON \"Members\"");
            Scalar(dataSource, "DELETE FROM \"Members\" WHERE id = 1");
            Scalar(dataSource, "INSERT INTO \"Members__Tags\" (entry, id) SELECT entry || '\\x00'::bytea, id FROM \"Members__Tags\" WHERE id = 2");
        }

        using var db = MemberDb.OpenPostgres(connectionString);
        Assert.Equal([3, 5], db.Members.FindByTags("odd").Select(m => m.Id));
        Assert.Equal([2, 3, 4, 5, 6], db.Members.FindByTags("all").Select(m => m.Id));
        using var check = NpgsqlDataSource.Create(connectionString);
        Assert.Equal(10L, Scalar(check, "SELECT count(*) FROM \"Members__Tags\""));
    }

    private string Seeded()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        TypedCollectionSemantics.Seed(db);
        return connectionString;
    }

    private static object? Scalar(NpgsqlDataSource dataSource, string sql)
    {
        using var command = dataSource.CreateCommand(sql);
        return command.ExecuteScalar();
    }
}
