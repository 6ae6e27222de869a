using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>
/// A batch insert sends each index's keys alone and the server appends the encoded key to the non-unique
/// entries: the stored entries are byte for byte the ones a single write, which builds them whole, stores.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class BatchEntryTests(PostgresServer server)
{
    [Fact]
    public void Batch_inserted_entries_equal_the_ones_an_upsert_writes()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            var first = TypedCollectionSemantics.NewMember("batch", 36, "Lovelace", "Ada", "London", "red", "blue", "red");
            first.Id = 1;
            var second = TypedCollectionSemantics.NewMember("other", 12, city: "Paris", tags: "green");
            second.Id = 2;
            db.Members.InsertMany([first, second]);
            var upserted = TypedCollectionSemantics.NewMember("single", 36, "Lovelace", "Ada", "London", "blue", "red");
            upserted.Id = 3;
            db.Members.Upsert(upserted);

            Assert.Equal([1, 3], db.Members.FindByScore(36).Select(m => m.Id));
            Assert.Equal([1, 3], db.Members.FindByTags("red").Select(m => m.Id));
            Assert.Equal([1, 3], db.Members.FindByHomeCity("London").Select(m => m.Id));
        }

        using var dataSource = NpgsqlDataSource.Create(connectionString);
        var columns = new List<string>();
        using (var command = dataSource.CreateCommand("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = 'Members' AND column_name LIKE 'key\\_%' AND column_name <> 'key_Handle'"))
        using (var reader = command.ExecuteReader())
        {
            while (reader.Read())
            {
                columns.Add(reader.GetString(0));
            }
        }

        Assert.NotEmpty(columns);
        foreach (var column in columns)
        {
            // Each non-unique key column: the index key, then the row's own encoded key.
            Assert.Equal(true, Scalar(dataSource, $"SELECT b.\"{column}\" = substring(u.\"{column}\" FROM 1 FOR length(u.\"{column}\") - length(u.sort_key)) || b.sort_key FROM \"Members\" b, \"Members\" u WHERE b.id = 1 AND u.id = 3"));
        }

        Assert.Equal(
            Scalar(dataSource, "SELECT string_agg(encode(substring(e.entry FROM 1 FOR length(e.entry) - length(m.sort_key)), 'hex'), ',' ORDER BY e.entry) FROM \"Members__Tags\" e JOIN \"Members\" m ON m.id = e.id WHERE e.id = 3"),
            Scalar(dataSource, "SELECT string_agg(encode(substring(e.entry FROM 1 FOR length(e.entry) - length(m.sort_key)), 'hex'), ',' ORDER BY e.entry) FROM \"Members__Tags\" e JOIN \"Members\" m ON m.id = e.id WHERE e.id = 1"));
        Assert.Equal(true, Scalar(dataSource, "SELECT bool_and(substring(e.entry FROM length(e.entry) - length(m.sort_key) + 1) = m.sort_key) FROM \"Members__Tags\" e JOIN \"Members\" m ON m.id = e.id"));
        Assert.Equal(2L, Scalar(dataSource, "SELECT count(*) FROM \"Members__Tags\" WHERE id = 1"));
    }

    private static object? Scalar(NpgsqlDataSource dataSource, string sql)
    {
        using var command = dataSource.CreateCommand(sql);
        return command.ExecuteScalar();
    }
}
