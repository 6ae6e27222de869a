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
        Assert.Equal(1L, Scalar(dataSource, "SELECT count(*) FROM \"Members__Handle\""));
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
            Scalar(dataSource, "DELETE FROM \"Members__Score\"");
            Scalar(dataSource, "COMMENT ON TABLE \"Members__Score\" IS 'docstore index on Other'");
        }

        using var reopened = MemberDb.OpenPostgres(connectionString);
        Assert.Equal([2, 4, 6], reopened.Members.FindByScore(20).Select(m => m.Id));
        Assert.Equal(3, reopened.Members.CountByScore(10));
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
