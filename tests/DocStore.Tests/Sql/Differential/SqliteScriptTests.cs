using System.Globalization;
using DocStore.Bson.Model;
using DocStore.Tests.Support;
using Microsoft.Data.Sqlite;

namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// Each script of <see cref="SqliteScripts"/> fed unchanged, statement by statement, to SQLite (in memory)
/// and to DocStore (a file, one session): every SELECT must return the same rows with the same storage
/// types (an integer is not a real), in order when the query orders them; a statement must fail in DocStore
/// exactly where it fails in SQLite.
/// </summary>
public sealed class SqliteScriptTests
{
    [Theory]
    [MemberData(nameof(SqliteScripts.Names), MemberType = typeof(SqliteScripts))]
    public void Script_answers_as_sqlite_does(string script)
    {
        using var directory = new TempDirectory();
        using var db = DocStoreDatabase.Open(Path.Combine(directory.Path, "script.db"));
        using var session = db.Sql.OpenSession();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var failures = new List<string>();
        foreach (var statement in SqliteScripts.Statements(script))
        {
            var expected = Run(() => SqliteRows(sqlite, statement));
            var actual = Run(() => DocStoreRows(session, statement));
            if (expected.Error != actual.Error)
            {
                failures.Add($"{statement}\n  SQLite {(expected.Error ? "failed" : "succeeded")}: {expected.Message}\n  DocStore {(actual.Error ? "failed" : "succeeded")}: {actual.Message}");
                continue;
            }

            var (want, got) = (expected.Rows, actual.Rows);
            if (!statement.Contains("ORDER BY", StringComparison.OrdinalIgnoreCase))
            {
                want.Sort(StringComparer.Ordinal);
                got.Sort(StringComparer.Ordinal);
            }

            if (!want.SequenceEqual(got))
            {
                failures.Add($"{statement}\n  SQLite:   {string.Join(" ; ", want)}\n  DocStore: {string.Join(" ; ", got)}");
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n\n", failures));
    }

    [Fact]
    public void Generated_table_queries_answer_as_sqlite_does()
    {
        using var directory = new TempDirectory();
        using var db = DocStoreDatabase.Open(Path.Combine(directory.Path, "generated.db"));
        using var session = db.Sql.OpenSession();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var generator = new TableQueryGenerator(DifferentialTests.SoakSetting("DOCSTORE_SQL_DIFFERENTIAL_SEED", 3));
        var count = DifferentialTests.SoakSetting("DOCSTORE_SQL_DIFFERENTIAL_QUERIES", 2_000);
        var statements = new List<string> { TableQueryGenerator.Create };
        statements.AddRange(generator.Rows(60));
        statements.AddRange(Enumerable.Range(0, count).Select(_ => generator.Next()));
        var failures = new List<string>();
        var (refused, rows) = (0, 0);
        foreach (var statement in statements)
        {
            var expected = Run(() => SqliteRows(sqlite, statement));
            var actual = Run(() => DocStoreRows(session, statement));
            (refused, rows) = (refused + (expected.Error ? 1 : 0), rows + expected.Rows.Count);
            if (expected.Error != actual.Error || !expected.Rows.SequenceEqual(actual.Rows))
            {
                failures.Add($"{statement}\n  SQLite:   {expected.Message}: {string.Join(" ; ", expected.Rows)}\n  DocStore: {actual.Message}: {string.Join(" ; ", actual.Rows)}");
                if (failures.Count == 5)
                {
                    break;
                }
            }
        }

        Assert.True(failures.Count == 0, string.Join("\n\n", failures));

        // Every generated statement is valid SQL, and the queries see the rows.
        Assert.Equal(0, refused);
        Assert.True(rows > count, $"{rows} rows over {count} queries");
    }

    [Fact]
    public void Generated_constraint_writes_answer_as_sqlite_does()
    {
        using var directory = new TempDirectory();
        using var db = DocStoreDatabase.Open(Path.Combine(directory.Path, "constraints.db"));
        using var session = db.Sql.OpenSession();
        using var sqlite = new SqliteConnection("Data Source=:memory:");
        sqlite.Open();
        var generator = new ConstraintQueryGenerator(DifferentialTests.SoakSetting("DOCSTORE_SQL_DIFFERENTIAL_SEED", 3));
        var count = DifferentialTests.SoakSetting("DOCSTORE_SQL_DIFFERENTIAL_QUERIES", 2_000);
        var statements = new List<string> { ConstraintQueryGenerator.Create };
        for (var i = 0; i < count; i++)
        {
            statements.Add(generator.Next(out var write));
            if (write)
            {
                statements.Add(ConstraintQueryGenerator.Snapshot);
            }
        }

        var failures = new List<string>();
        var (refused, accepted, rows) = (0, 0, 0);
        foreach (var statement in statements)
        {
            var expected = Run(() => SqliteRows(sqlite, statement));
            var actual = Run(() => DocStoreRows(session, statement));
            var isWrite = !statement.StartsWith("SELECT", StringComparison.Ordinal);
            (refused, accepted, rows) = (refused + (isWrite && expected.Error ? 1 : 0), accepted + (isWrite && !expected.Error ? 1 : 0), rows + expected.Rows.Count);
            if (expected.Error != actual.Error || !expected.Rows.SequenceEqual(actual.Rows))
            {
                failures.Add($"{statement}\n  SQLite:   {expected.Message}: {string.Join(" ; ", expected.Rows)}\n  DocStore: {actual.Message}: {string.Join(" ; ", actual.Rows)}");
                if (failures.Count == 5)
                {
                    break;
                }
            }
        }

        Assert.True(failures.Count == 0, $"seed {generator}:\n" + string.Join("\n\n", failures));

        // The writes both pass and violate constraints, and the queries see rows.
        Assert.True(refused > count / 50 && accepted > count / 50, $"{refused} writes refused, {accepted} accepted");
        Assert.True(rows > count, $"{rows} rows over {count} statements");
    }

    private static (bool Error, string Message, List<string> Rows) Run(Func<List<string>> run)
    {
        try
        {
            var rows = run();
            return (false, $"{rows.Count} row(s)", rows);
        }
        catch (Exception e) when (e is SqliteException or DocStoreException)
        {
            return (true, e.Message, []);
        }
    }

    private static List<string> SqliteRows(SqliteConnection sqlite, string sql)
    {
        using var command = sqlite.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add(string.Join(" | ", Enumerable.Range(0, reader.FieldCount).Select(i => Canonical(reader.IsDBNull(i) ? null : reader.GetValue(i)))));
        }

        return rows;
    }

    private static List<string> DocStoreRows(SqlSession session, string sql)
    {
        using var reader = session.ExecuteReader(sql);
        var rows = new List<string>();
        while (reader.Read())
        {
            rows.Add(string.Join(" | ", Enumerable.Range(0, reader.FieldCount).Select(i => Canonical(reader.GetValue(i)))));
        }

        return rows;
    }

    /// <summary>A value with its storage class: i:3, r:3.0, t:'3', NULL.</summary>
    private static string Canonical(object? value) => value switch
    {
        null or BsonNull => "NULL",
        BsonInt32 i => "i:" + i.Value.ToString(CultureInfo.InvariantCulture),
        BsonInt64 l => "i:" + l.Value.ToString(CultureInfo.InvariantCulture),
        long l => "i:" + l.ToString(CultureInfo.InvariantCulture),
        BsonDouble d => Real(d.Value),
        double d => Real(d),
        BsonString s => "t:'" + s.Value + "'",
        string s => "t:'" + s + "'",
        BsonBoolean b => "bool:" + b.Value,
        _ => value.GetType().Name + ":" + value,
    };

    private static string Real(double value) => "r:" + Math.Round(value, 9).ToString("R", CultureInfo.InvariantCulture);
}
