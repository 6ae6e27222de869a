using System.Globalization;
using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>The typed columns of indexed members, as a PostgreSQL user queries them with the server's own SQL.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class SqlColumnTests(PostgresServer server)
{
    [Fact]
    public void A_query_on_an_indexed_members_column_uses_its_index()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            db.Members.InsertMany([.. Enumerable.Range(0, 2000).Select(i => TypedCollectionSemantics.NewMember($"user{i}@example.org", i % 50, last: $"L{i % 30}", first: $"F{i}", city: $"C{i % 7}"))]);
        }

        using var dataSource = NpgsqlDataSource.Create(connectionString);
        Strings(dataSource, "ANALYZE \"Members\"");
        Assert.Equal(["F1234"], Strings(dataSource, "SELECT doc ->> 'First' FROM \"Members\" WHERE handle = 'user1234@example.org'"));
        Assert.Contains("\"Members__Handle__sql\"", Plan(dataSource, "SELECT * FROM \"Members\" WHERE handle = 'user1234@example.org'"), StringComparison.Ordinal);
        Assert.Contains("\"Members__Score__sql\"", Plan(dataSource, "SELECT * FROM \"Members\" WHERE score = 7"), StringComparison.Ordinal);
        Assert.Contains("\"Members__HomeCity__sql\"", Plan(dataSource, "SELECT * FROM \"Members\" ORDER BY home_city NULLS FIRST LIMIT 5"), StringComparison.Ordinal);
        Assert.Contains("\"Members__LastFirst__sql\"", Plan(dataSource, "SELECT * FROM \"Members\" WHERE last = 'L4' AND first = 'F4'"), StringComparison.Ordinal);

        // Text columns compare ordinally (COLLATE "C"), as the embedded engine orders strings.
        Assert.Equal(["text", "C"], Strings(dataSource, "SELECT format_type(atttypid, atttypmod), collname FROM pg_attribute a JOIN pg_collation c ON c.oid = a.attcollation WHERE attrelid = '\"Members\"'::regclass AND attname = 'handle'").Single().Split('|'));
        Assert.Equal(["integer"], Strings(dataSource, "SELECT format_type(atttypid, atttypmod) FROM pg_attribute WHERE attrelid = '\"Members\"'::regclass AND attname = 'score'"));
    }

    [Fact]
    public void Each_member_type_has_the_column_type_and_value_a_postgresql_user_expects()
    {
        var connectionString = server.NewSchema();
        var reading = new Reading
        {
            Amount = -12.50m,
            At = new DateTime(2024, 2, 29, 13, 14, 15, DateTimeKind.Utc).AddTicks(1234567),
            Seen = new DateTimeOffset(2024, 3, 1, 8, 0, 0, TimeSpan.FromHours(2)).AddTicks(9876543),
            Token = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
            Origin = ObjectId.Parse("56e1fc72e0c917e9c4714161"),
            Ratio = -0.25,
            Big = long.MinValue,
            Done = true,
            Day = new DateOnly(1999, 12, 31),
            Time = new TimeOnly(23, 59, 58).Add(TimeSpan.FromTicks(1234567)),
            Span = TimeSpan.FromDays(-3).Add(TimeSpan.FromTicks(15)),
            Label = "Zürich",
        };
        using (var db = ReadingDb.OpenPostgres(connectionString))
        {
            db.Readings.Insert(reading);
            db.Readings.Insert(new Reading { Seen = null, Label = null });
        }

        using var dataSource = NpgsqlDataSource.Create(connectionString);
        var columns = new Dictionary<string, (string Type, string Value)>
        {
            ["amount"] = ("numeric", "-12.50"),
            ["at"] = ("timestamp without time zone", "2024-02-29 13:14:15.123456"),
            ["seen"] = ("timestamp with time zone", "2024-03-01 06:00:00.987654+00"),
            ["token"] = ("uuid", "00112233-4455-6677-8899-aabbccddeeff"),
            ["origin"] = ("bytea", "\\x56e1fc72e0c917e9c4714161"),
            ["ratio"] = ("double precision", "-0.25"),
            ["big"] = ("bigint", long.MinValue.ToString(CultureInfo.InvariantCulture)),
            ["done"] = ("boolean", "true"),
            ["day"] = ("date", "1999-12-31"),
            ["time"] = ("time without time zone", "23:59:58.123456"),
            ["span"] = ("interval", "-2 days -23:59:59.999998"),
            ["label"] = ("text", "Zürich"),
        };
        foreach (var (column, (type, value)) in columns)
        {
            var row = Strings(dataSource, $"SET TIME ZONE 'UTC'; SELECT format_type(atttypid, atttypmod) || '|' || (SELECT {column}::text FROM \"Readings\" WHERE id = 1) FROM pg_attribute WHERE attrelid = '\"Readings\"'::regclass AND attname = '{column}'");
            Assert.Equal($"{type}|{value}", Assert.Single(row));
        }

        // A missing or null member is NULL, first in each index as the embedded engine orders null.
        Assert.Equal(["2|1"], Strings(dataSource, "SELECT string_agg(id::text, '|' ORDER BY seen NULLS FIRST) FROM \"Readings\""));
        Assert.Contains("\"Readings__LabelAmount__sql\"", Plan(dataSource, "SET enable_seqscan = off; EXPLAIN SELECT id FROM \"Readings\" WHERE label = 'Zürich' ORDER BY label NULLS FIRST, amount NULLS FIRST"), StringComparison.Ordinal);
    }

    [Fact]
    public void A_database_laid_out_without_typed_columns_gains_them_at_open()
    {
        var connectionString = server.NewSchema();
        using (var db = MemberDb.OpenPostgres(connectionString))
        {
            TypedCollectionSemantics.Seed(db);
        }

        // The layout before typed columns: only the key columns and entry tables.
        using (var dataSource = NpgsqlDataSource.Create(connectionString))
        {
            Strings(dataSource, "ALTER TABLE \"Members\" DROP COLUMN handle, DROP COLUMN score, DROP COLUMN last, DROP COLUMN first, DROP COLUMN home_city");
        }

        using (var reopened = MemberDb.OpenPostgres(connectionString))
        {
            Assert.Equal([2, 4, 6], reopened.Members.FindByScore(20).Select(m => m.Id));
        }

        using var check = NpgsqlDataSource.Create(connectionString);
        Assert.Equal(["2", "4", "6"], Strings(check, "SELECT id::text FROM \"Members\" WHERE score = 20 ORDER BY id"));
        Assert.Equal(["i"], Strings(check, "SELECT relkind::text FROM pg_class WHERE oid = to_regclass('\"Members__Score__sql\"')"));
    }

    private static string Plan(NpgsqlDataSource dataSource, string query) =>
        string.Join("\n", Strings(dataSource, query.Contains("EXPLAIN", StringComparison.Ordinal) ? query : "EXPLAIN " + query));

    private static List<string> Strings(NpgsqlDataSource dataSource, string sql)
    {
        using var connection = dataSource.OpenConnection();
        using var command = new NpgsqlCommand(sql, connection);
        using var reader = command.ExecuteReader();
        var rows = new List<string>();
        do
        {
            while (reader.Read())
            {
                rows.Add(string.Join("|", Enumerable.Range(0, reader.FieldCount).Select(i => reader.IsDBNull(i) ? "(null)" : Convert.ToString(reader.GetValue(i), CultureInfo.InvariantCulture))));
            }
        }
        while (reader.NextResult());

        return rows;
    }
}
