using System.Globalization;
using DocStore.Benchmarks.Compare.Data;
using Microsoft.Data.Sqlite;

namespace DocStore.Benchmarks.Compare.Engines.Sqlite;

/// <summary>The SQL-shaped workloads in SQLite: orders as JSON documents with an expression index on the customer id.</summary>
internal sealed partial class SqliteEngine : IAnalyticsEngine
{
    private SqliteCommand? _groupByAge;
    private SqliteCommand? _topByAge;
    private SqliteCommand? _join;
    private readonly Dictionary<int, SqliteCommand> _chains = [];

    public void InsertOrders(IReadOnlyList<Order> orders)
    {
        Execute(_connection, """
            CREATE TABLE IF NOT EXISTS orders (id INTEGER PRIMARY KEY, doc TEXT NOT NULL);
            CREATE INDEX IF NOT EXISTS orders_customer ON orders (json_extract(doc, '$.customerId'));
            """);
        using var transaction = _connection.BeginTransaction();
        using var insert = _connection.CreateCommand();
        insert.Transaction = transaction;
        insert.CommandText = "INSERT INTO orders (id, doc) VALUES ($id, $doc)";
        var id = insert.Parameters.Add("$id", SqliteType.Integer);
        var doc = insert.Parameters.Add("$doc", SqliteType.Text);
        foreach (var order in orders)
        {
            id.Value = order.Id;
            doc.Value = string.Create(CultureInfo.InvariantCulture, $"{{\"id\":{order.Id},\"customerId\":{order.CustomerId},\"total\":{order.Total:R},\"sku\":\"{order.Sku}\"}}");
            insert.ExecuteNonQuery();
        }

        transaction.Commit();
    }

    public void GroupByAge(List<(long Age, long Count, long ScoreSum)> into)
    {
        _groupByAge ??= Prepare("SELECT json_extract(doc, '$.age'), COUNT(*), SUM(json_extract(doc, '$.score')) FROM people GROUP BY json_extract(doc, '$.age') ORDER BY 1");
        using var reader = _groupByAge.ExecuteReader();
        while (reader.Read())
        {
            into.Add((reader.GetInt64(0), reader.GetInt64(1), reader.GetInt64(2)));
        }
    }

    public void TopByAge(int lowAge, int highAge, int limit, List<Person> into)
    {
        _topByAge ??= Prepare("SELECT doc FROM people WHERE json_extract(doc, '$.age') BETWEEN $low AND $high ORDER BY json_extract(doc, '$.age'), id LIMIT $limit", "$low", "$high", "$limit");
        _topByAge.Parameters[0].Value = lowAge;
        _topByAge.Parameters[1].Value = highAge;
        _topByAge.Parameters[2].Value = limit;
        ReadAll(_topByAge, into);
    }

    public (long Pairs, double Total) JoinOrders()
    {
        _join ??= Prepare("SELECT json_extract(p.doc, '$.name'), json_extract(o.doc, '$.total') FROM people p JOIN orders o ON json_extract(o.doc, '$.customerId') = p.id");
        long pairs = 0;
        double total = 0;
        using var reader = _join.ExecuteReader();
        while (reader.Read())
        {
            pairs += reader.GetString(0).Length > 0 ? 1 : 0;
            total += reader.GetDouble(1);
        }

        return (pairs, total);
    }

    public (long Rows, double Total) JoinChain(int age, int hops)
    {
        if (!_chains.TryGetValue(hops, out var command))
        {
            command = Prepare(Workloads.JoinChain.SqliteSql(hops), "$age");
            _chains[hops] = command;
        }

        command.Parameters[0].Value = age;
        using var reader = command.ExecuteReader();
        reader.Read();
        return (reader.GetInt64(0), reader.IsDBNull(1) ? 0 : reader.GetDouble(1));
    }

    private SqliteCommand Prepare(string sql, params string[] parameters)
    {
        var command = _connection.CreateCommand();
        command.CommandText = sql;
        foreach (var name in parameters)
        {
            command.Parameters.Add(name, SqliteType.Integer);
        }

        command.Prepare();
        return command;
    }
}
