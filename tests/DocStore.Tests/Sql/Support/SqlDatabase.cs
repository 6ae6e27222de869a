using DocStore.Bson.Model;

namespace DocStore.Tests.Sql.Support;

/// <summary>An in-memory database with small collections for the executor tests.</summary>
internal static class SqlDatabase
{
    /// <summary>People (key _id: 1..6) with nested addresses, tag arrays, missing and null fields, mixed numbers; Orders with line arrays.</summary>
    public static DocStoreDatabase People()
    {
        var db = DocStoreDatabase.OpenInMemory();
        var people = db.GetCollection("People", IndexDefinition.UniqueOn("Email"), IndexDefinition.On("Age"), IndexDefinition.On("Tags[]"), IndexDefinition.On("Address.City", "Name"));
        people.Insert(new BsonDocument { { "_id", 1 }, { "Name", "Ann" }, { "Email", "ann@x.org" }, { "Age", 31 }, { "Tags", new BsonArray { "vip", "new" } }, { "Address", new BsonDocument { { "City", "Oslo" }, { "Zip", "0150" } } } });
        people.Insert(new BsonDocument { { "_id", 2 }, { "Name", "Bob" }, { "Email", "bob@x.org" }, { "Age", 45.5 }, { "Tags", new BsonArray { "old" } }, { "Address", new BsonDocument { { "City", "Bergen" } } } });
        people.Insert(new BsonDocument { { "_id", 3 }, { "Name", "Cid" }, { "Email", "cid@x.org" }, { "Age", 31L }, { "Tags", new BsonArray() }, { "Address", new BsonDocument { { "City", "Oslo" } } } });
        people.Insert(new BsonDocument { { "_id", 4 }, { "Name", "Dee" }, { "Email", "dee@x.org" }, { "Age", BsonNull.Value } });
        people.Insert(new BsonDocument { { "_id", 5 }, { "Name", "Eve" }, { "Email", "eve@x.org" }, { "Tags", new BsonArray { "vip" } } });
        people.Insert(new BsonDocument { { "_id", 6 }, { "Name", "ann" }, { "Email", "ann2@x.org" }, { "Age", 19m } });
        var orders = db.GetCollection("Orders", IndexDefinition.On("CustomerId"));
        orders.Insert(new BsonDocument { { "_id", 100 }, { "CustomerId", 1 }, { "Total", 10 }, { "Lines", new BsonArray { new BsonDocument { { "Sku", "A-1" }, { "Qty", 2 } }, new BsonDocument { { "Sku", "B-2" }, { "Qty", 1 } } } } });
        orders.Insert(new BsonDocument { { "_id", 101 }, { "CustomerId", 1 }, { "Total", 5.5 }, { "Lines", new BsonArray { new BsonDocument { { "Sku", "C-3" }, { "Qty", 1 } } } } });
        orders.Insert(new BsonDocument { { "_id", 102 }, { "CustomerId", 2 }, { "Total", 7 } });
        orders.Insert(new BsonDocument { { "_id", 103 }, { "CustomerId", 9 }, { "Total", 1 } });
        return db;
    }

    /// <summary>The rows as compact text, one row per line: values in Extended JSON relaxed form, separated by " | ".</summary>
    public static string Rows(DocStoreContext db, string sql, SqlParameters? parameters = null)
    {
        using var rows = db.Sql.ExecuteReader(sql, parameters);
        var lines = new List<string>();
        while (rows.Read())
        {
            lines.Add(string.Join(" | ", Enumerable.Range(0, rows.FieldCount).Select(i => rows.GetValue(i).ToString())));
        }

        return string.Join("\n", lines);
    }

    /// <summary>The first column of every row, as text.</summary>
    public static string Column(DocStoreContext db, string sql, SqlParameters? parameters = null) =>
        string.Join(",", Rows(db, sql, parameters).Split('\n', StringSplitOptions.RemoveEmptyEntries).Select(l => l.Split(" | ")[0].Trim('"')));
}
