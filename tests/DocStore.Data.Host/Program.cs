using System.Globalization;
using Dapper;
using DocStore.Data;

// Modes (each prints its lines on standard output, flushed at once):
//   insert <connection string> <first> <count>  creates the collection Things and inserts <count> rows into Things, one statement each,
//                     printing "ack <id>" after each and "done"; then at each stdin line prints
//                     "count <n>" (the rows of Things it reads), and closes at the end of stdin ("closed").
//   hold <connection string>  opens, creates the collection Held, begins a transaction, inserts the row 1 into Held and prints "holding";
//                     at a stdin line commits ("committed"), and closes at the end of stdin ("closed").
// A failure prints "failed <exception type>: <message>" and exits with 1.
try
{
    return args switch
    {
        ["insert", var connectionString, var first, var count] => Insert(connectionString, Number(first), Number(count)),
        ["hold", var connectionString] => Hold(connectionString),
        _ => Usage(),
    };
}
catch (Exception e)
{
    Say($"failed {e.GetType().Name}: {e.Message}");
    return 1;
}

static int Insert(string connectionString, long first, long count)
{
    using var connection = new DocStoreConnection(connectionString);
    connection.Open();
    connection.Execute("CREATE COLLECTION Things");
    for (var id = first; id < first + count; id++)
    {
        connection.Execute("INSERT INTO Things (_id, source) VALUES (@id, 'host')", new { id });
        Say(string.Create(CultureInfo.InvariantCulture, $"ack {id}"));
    }

    Say("done");
    while (Console.ReadLine() is not null)
    {
        Say(string.Create(CultureInfo.InvariantCulture, $"count {connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Things")}"));
    }

    connection.Close();
    Say("closed");
    return 0;
}

static int Hold(string connectionString)
{
    using var connection = new DocStoreConnection(connectionString);
    connection.Open();
    connection.Execute("CREATE COLLECTION Held");
    using (var transaction = connection.BeginTransaction())
    {
        connection.Execute("INSERT INTO Held (_id, source) VALUES (1, 'host')", transaction: transaction);
        Say("holding");
        if (Console.ReadLine() is not null)
        {
            transaction.Commit();
            Say("committed");
        }
    }

    Console.In.ReadToEnd();
    connection.Close();
    Say("closed");
    return 0;
}

static long Number(string text) => long.Parse(text, CultureInfo.InvariantCulture);

static void Say(string line)
{
    Console.WriteLine(line);
    Console.Out.Flush();
}

static int Usage()
{
    Console.Error.WriteLine("usage: DocStore.Data.Host insert <connection string> <first> <count> | hold <connection string>");
    return 2;
}
