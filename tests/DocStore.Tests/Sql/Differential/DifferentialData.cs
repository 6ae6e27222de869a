using System.Globalization;
using DocStore.Bson.Interop;
using DocStore.Bson.Model;
using Microsoft.Data.Sqlite;

namespace DocStore.Tests.Sql.Differential;

/// <summary>
/// The same generated documents in DocStore (collections T and U, with indexes of every kind) and in
/// SQLite (tables T and U of JSON text, with the scalar paths copied to columns), from a fixed seed: nested documents, arrays of values and of
/// documents, missing and null fields, integers mixed with doubles.
/// </summary>
internal sealed class DifferentialData : IDisposable
{
    public static readonly string[] Words = ["x", "y", "z", "ab", "abc", "b", "ba", "xyz", "Ab", "B", "AB", "10", "2.5"];

    public DifferentialData(int seed = 20261126, int documents = 120, int others = 24)
    {
        var random = new Random(seed);
        Db = DocStoreDatabase.OpenInMemory();
        Sqlite = new SqliteConnection("Data Source=:memory:");
        Sqlite.Open();
        Exec("CREATE TABLE T (doc TEXT, _id, a, b, g, ref, \"c.d\", \"c.e\"); CREATE TABLE U (doc TEXT, _id, name, k, w)");
        var t = Db.GetCollection("T", IndexDefinition.On("a"), IndexDefinition.On("b"), IndexDefinition.On("g", "a"), IndexDefinition.On("tags[]"), IndexDefinition.On("lines[].sku"));
        var u = Db.GetCollection("U", IndexDefinition.On("k"), IndexDefinition.UniqueOn("name"));
        using (var insert = Sqlite.CreateCommand())
        {
            insert.CommandText = "INSERT INTO T (doc) VALUES ($doc)";
            var parameter = insert.Parameters.Add("$doc", SqliteType.Text);
            for (var id = 1; id <= documents; id++)
            {
                var document = NewT(random, id, others);
                t.Insert(document);
                parameter.Value = ExtendedJson.ToJson(document, ExtendedJsonMode.Relaxed);
                insert.ExecuteNonQuery();
            }

            insert.CommandText = "INSERT INTO U (doc) VALUES ($doc)";
            for (var id = 1; id <= others; id++)
            {
                var document = new BsonDocument { { "_id", id }, { "name", $"n{id:D2}" }, { "k", random.Next(0, 8) } };
                if (random.Next(5) > 0)
                {
                    document.Add("w", Words[random.Next(Words.Length)]);
                }

                u.Insert(document);
                parameter.Value = ExtendedJson.ToJson(document, ExtendedJsonMode.Relaxed);
                insert.ExecuteNonQuery();
            }
        }

        // The generated queries read the scalar paths from columns (the values json_extract gives, stored
        // without affinity), so SQLite joins and filters without parsing JSON for every row pair.
        Exec(string.Join("; ", ScalarPaths.Select(p => $"UPDATE {p.Table} SET \"{p.Path}\" = json_extract(doc, '$.{p.Path}')")));
        Exec("CREATE INDEX T_ref ON T (ref); CREATE INDEX T_g ON T (g); CREATE INDEX U_id ON U (_id); CREATE INDEX U_k ON U (k); CREATE INDEX U_w ON U (w)");
    }

    /// <summary>The paths SQLite also holds as columns of the same name.</summary>
    public static readonly (string Table, string Path)[] ScalarPaths =
    [
        ("T", "_id"), ("T", "a"), ("T", "b"), ("T", "g"), ("T", "ref"), ("T", "c.d"), ("T", "c.e"), ("U", "_id"), ("U", "name"), ("U", "k"), ("U", "w"),
    ];

    public DocStoreDatabase Db { get; }

    public SqliteConnection Sqlite { get; }

    public void Dispose()
    {
        Db.Dispose();
        Sqlite.Dispose();
    }

    /// <summary>The rows DocStore returns, each as canonical text (see <see cref="Canonical(object?)"/>).</summary>
    public List<string> DocStoreRows(string sql)
    {
        using var rows = Db.Sql.ExecuteReader(sql);
        var result = new List<string>();
        while (rows.Read())
        {
            result.Add(string.Join(" | ", Enumerable.Range(0, rows.FieldCount).Select(i => Canonical(rows.GetValue(i)))));
        }

        return result;
    }

    /// <summary>The rows SQLite returns, each as canonical text.</summary>
    public List<string> SqliteRows(string sql)
    {
        using var command = Sqlite.CreateCommand();
        command.CommandText = sql;
        using var reader = command.ExecuteReader();
        var result = new List<string>();
        while (reader.Read())
        {
            result.Add(string.Join(" | ", Enumerable.Range(0, reader.FieldCount).Select(i => Canonical(reader.IsDBNull(i) ? null : reader.GetValue(i)))));
        }

        return result;
    }

    /// <summary>Numbers by value (an integer and an equal double print alike), text quoted, NULL as NULL.</summary>
    private static string Canonical(object? value) => value switch
    {
        null or BsonNull => "NULL",
        BsonInt32 i => Number(i.Value),
        BsonInt64 l => Number(l.Value),
        BsonDouble d => Number(d.Value),
        long l => Number(l),
        double d => Number(d),
        BsonString s => "'" + s.Value + "'",
        string s => "'" + s + "'",
        BsonBoolean b => b.Value ? "1" : "0",
        _ => value.ToString() ?? "?",
    };

    private static string Number(double value) => (value == 0 ? 0 : Math.Round(value, 9)).ToString("R", CultureInfo.InvariantCulture);

    private static BsonDocument NewT(Random random, int id, int others)
    {
        var document = new BsonDocument { { "_id", id } };
        Maybe(random, document, "a", () => random.Next(4) == 0 ? random.Next(-5, 20) + 0.5 : random.Next(-5, 20));
        Maybe(random, document, "b", () => Words[random.Next(Words.Length)]);
        Maybe(random, document, "g", () => random.Next(0, 5));
        Maybe(random, document, "ref", () => random.Next(1, others + 5));
        if (random.Next(4) > 0)
        {
            var nested = new BsonDocument();
            Maybe(random, nested, "d", () => random.Next(0, 10));
            Maybe(random, nested, "e", () => Words[random.Next(Words.Length)]);
            document.Add("c", nested);
        }

        if (random.Next(5) > 0)
        {
            var tags = new BsonArray();
            for (var i = random.Next(0, 4); i > 0; i--)
            {
                tags.Add(Words[random.Next(Words.Length)]);
            }

            document.Add("tags", tags);
        }

        if (random.Next(3) > 0)
        {
            var lines = new BsonArray();
            for (var i = random.Next(0, 3); i > 0; i--)
            {
                lines.Add(new BsonDocument { { "sku", $"S{random.Next(0, 6)}" }, { "qty", random.Next(1, 5) } });
            }

            document.Add("lines", lines);
        }

        return document;
    }

    // A field is missing one time in ten and null one time in twenty.
    private static void Maybe(Random random, BsonDocument document, string name, Func<BsonValue> value)
    {
        var roll = random.Next(20);
        if (roll < 2)
        {
            return;
        }

        document.Add(name, roll == 2 ? BsonNull.Value : value());
    }

    private void Exec(string sql)
    {
        using var command = Sqlite.CreateCommand();
        command.CommandText = sql;
        command.ExecuteNonQuery();
    }
}
