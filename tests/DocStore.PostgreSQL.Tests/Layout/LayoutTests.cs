using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>The tables a PostgreSQL user finds, index (re)builds at open, and concurrent writers.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class LayoutTests(PostgresServer server)
{
    [Fact]
    public void A_collection_is_a_table_with_a_typed_key_and_a_jsonb_document()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 36, city: "London"));
        }

        using var dataSource = NpgsqlDataSource.Create(connectionString);
        Assert.Equal("integer", Scalar(dataSource, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '\"Members\"'::regclass AND attname = 'id'"));
        Assert.Equal("jsonb", Scalar(dataSource, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '\"Members\"'::regclass AND attname = 'doc'"));
        Assert.Equal("C", Scalar(dataSource, "SELECT collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation WHERE attrelid = '\"Labels\"'::regclass AND attname = 'id'"));
        Assert.Equal("London", Scalar(dataSource, "SELECT doc #>> '{Home,City}' FROM \"Members\" WHERE id = 1"));
        Assert.Equal("36", Scalar(dataSource, "SELECT doc ->> 'Score' FROM \"Members\" WHERE id = 1"));
        Assert.Equal(1L, Scalar(dataSource, "SELECT count(*) FROM \"Members\" WHERE \"key_Handle\" IS NOT NULL"));
        Assert.Equal("i", Scalar(dataSource, "SELECT relkind::text FROM pg_class WHERE oid = to_regclass('\"Members__Handle\"')"));
        Assert.Equal("r", Scalar(dataSource, "SELECT relkind::text FROM pg_class WHERE oid = to_regclass('\"Members__Tags\"')"));
    }

    [Fact]
    public void An_index_whose_declaration_changed_is_rebuilt_from_the_documents_at_open()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            TypedCollectionSemantics.Seed(db);
        }

        // As if an older model had declared the index differently: another recorded declaration, other entries.
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            Scalar(dataSource, "UPDATE \"Members\" SET \"key_Score\" = NULL");
            Scalar(dataSource, "COMMENT ON COLUMN \"Members\".\"key_Score\" IS 'docstore index on Other'");
            Scalar(dataSource, "DELETE FROM \"Members__Tags\"");
            Scalar(dataSource, "COMMENT ON TABLE \"Members__Tags\" IS 'docstore index on Other'");
        }

        using var reopened = MemberDb.OpenPostgres(connectionString);
        Assert.Equal([2, 4, 6], reopened.Members.FindByScore(20).Select(m => m.Id));
        Assert.Equal(3, reopened.Members.CountByScore(10));
        Assert.Equal([1, 3, 5], reopened.Members.FindByTags("odd").Select(m => m.Id));
    }

    [Fact]
    public void An_entry_table_of_a_single_key_index_found_at_open_becomes_its_key_column()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            TypedCollectionSemantics.Seed(db);
        }

        // The older layout: every index an entry table, none a column of the collection's table.
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            Scalar(dataSource, "ALTER TABLE \"Members\" DROP COLUMN \"key_Score\"");
            Scalar(dataSource, "CREATE TABLE \"Members__Score\" (entry bytea PRIMARY KEY, id integer NOT NULL REFERENCES \"Members\" (id) ON DELETE CASCADE)");
            Scalar(dataSource, "COMMENT ON TABLE \"Members__Score\" IS 'docstore index on Score'");
        }

        using (var reopened = MemberDb.OpenPostgres(connectionString))
        {
            Assert.Equal([2, 4, 6], reopened.Members.FindByScore(20).Select(m => m.Id));
            Assert.Equal([1, 3, 5], reopened.Members.FindByScoreRange(0, 15).Select(m => m.Id));
        }

        using var check = NpgsqlDataSource.Create(connectionString);
        Assert.Equal("i", Scalar(check, "SELECT relkind::text FROM pg_class WHERE oid = to_regclass('\"Members__Score\"')"));
        Assert.Equal("docstore index on Score", Scalar(check, "SELECT col_description('\"Members\"'::regclass, attnum) FROM pg_attribute WHERE attrelid = '\"Members\"'::regclass AND attname = 'key_Score'"));
    }

    [Fact]
    public void An_index_the_model_no_longer_declares_is_dropped_at_open_and_rebuilt_when_declared_again()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            TypedCollectionSemantics.Seed(db);
        }

        // Another version of the application, without the Score and Tags indexes, writes in between.
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            var fewer = new FewerIndexMembers(db);
            var added = TypedCollectionSemantics.NewMember("h7", 20, tags: ["all", "odd"]);
            added.Id = 7;
            fewer.Insert(added);
            var changed = fewer.Get(1)!;
            changed.Score = 20;
            changed.Tags = ["all", "even"];
            fewer.Update(changed);
            Assert.True(fewer.Delete(2));
        }

        using (var check = NpgsqlDataSource.Create(connectionString))
        {
            Assert.Null(Scalar(check, "SELECT attname FROM pg_attribute WHERE attrelid = '\"Members\"'::regclass AND attname = 'key_Score' AND NOT attisdropped"));
            Assert.Equal(true, Scalar(check, "SELECT to_regclass('\"Members__Tags\"') IS NULL"));
            Assert.Equal(true, Scalar(check, "SELECT to_regclass('\"Members__Score__sql\"') IS NULL"));
        }

        using var reopened = MemberDb.OpenPostgres(connectionString);
        Assert.Equal([1, 4, 6, 7], reopened.Members.FindByScore(20).Select(m => m.Id));
        Assert.Equal([3, 5], reopened.Members.FindByScoreRange(0, 15).Select(m => m.Id));
        Assert.Equal([3, 5, 7], reopened.Members.FindByTags("odd").Select(m => m.Id));
        Assert.Equal([1, 4, 6], reopened.Members.FindByTags("even").Select(m => m.Id));
    }

    [Fact]
    public void Concurrent_inserts_get_distinct_generated_keys()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        var keys = new int[40];
        Parallel.For(0, keys.Length, new ParallelOptions { MaxDegreeOfParallelism = 4 }, i => keys[i] = db.Members.Insert(TypedCollectionSemantics.NewMember($"h{i}", i)));
        Assert.Equal(Enumerable.Range(1, keys.Length), keys.Order());
        Assert.Equal(keys.Length, db.Members.Count());
    }

    private static object? Scalar(NpgsqlDataSource dataSource, string sql)
    {
        using var command = dataSource.CreateCommand(sql);
        return command.ExecuteScalar();
    }
}
