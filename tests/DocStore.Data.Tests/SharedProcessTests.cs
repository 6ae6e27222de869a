using System.Data;
using Dapper;

namespace DocStore.Data.Tests;

/// <summary>
/// Two programs on one file through Dapper, the second one a process of its own (<see cref="HostProcess"/>):
/// writable connections open shared unless the string says <c>Sharing=Exclusive</c>, and <c>OpenAsync</c>
/// beside another program's write transaction waits for it without holding a thread.
/// </summary>
public sealed class SharedProcessTests
{
    // Only a hang guard, in the string as a key other than Sharing: the tests decide on the host's lines.
    private const string Guard = ";Busy Timeout=120";

    [Fact]
    public void Two_programs_with_default_connection_strings_read_and_write_one_file()
    {
        using var temp = new TempDb();
        using var host = new HostProcess("insert", temp.ConnectionString + Guard, "1", "40");
        host.WaitFor(l => l == "ack 1", "the host's first insert");
        using var connection = new DocStoreConnection(temp.ConnectionString + Guard);

        connection.Open();
        var seen = connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Things");
        for (var id = 1001; id <= 1010; id++)
        {
            connection.Execute("INSERT INTO Things (_id, source) VALUES (@id, 'test')", new { id });
        }

        Assert.Equal(DocStoreSharing.Shared, connection.Context!.Options.Sharing);
        Assert.InRange(seen, 1, 40);
        host.WaitFor(l => l == "done", "the host's last insert");
        host.Send("count");
        Assert.Equal("count 50", host.WaitFor(l => l.StartsWith("count ", StringComparison.Ordinal), "the host's count"));
        Assert.Equal(50, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Things"));
        Assert.Equal(10, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Things WHERE source = 'test'"));
        host.Close();
    }

    [Fact]
    public void Sharing_Exclusive_in_the_string_keeps_other_programs_out()
    {
        using var temp = new TempDb();
        using var host = new HostProcess("hold", temp.ConnectionString + ";Sharing=Exclusive");
        host.WaitFor(l => l == "holding", "the host's transaction");
        using var connection = new DocStoreConnection(temp.ConnectionString + Guard);

        var error = Assert.Throws<DatabaseLockedException>(connection.Open);

        Assert.Equal(ConnectionState.Closed, connection.State);
        Assert.Contains(temp.Path, error.Message, StringComparison.Ordinal);
        host.Send("commit");
        host.WaitFor(l => l == "committed", "the host's commit");
        host.Close();
        connection.Open();
        Assert.Equal(1, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Held"));
    }

    [Fact]
    public async Task OpenAsync_waits_for_another_program_write_transaction_without_holding_the_caller()
    {
        using var temp = new TempDb();
        using var host = new HostProcess("hold", temp.ConnectionString);
        host.WaitFor(l => l == "holding", "the host's transaction");
        using var connection = new DocStoreConnection(temp.ConnectionString + Guard);

        var open = connection.OpenAsync();
        Assert.False(open.IsCompleted, "OpenAsync completed while another process held a write transaction open");

        host.Send("commit");
        host.WaitFor(l => l == "committed", "the host's commit");
        await open.WaitAsync(TimeSpan.FromMinutes(10));
        Assert.Equal(ConnectionState.Open, connection.State);
        Assert.Equal("host", connection.ExecuteScalar<string>("SELECT source FROM Held WHERE _id = 1"));
        host.Close();
    }

    [Fact]
    public async Task A_cancelled_OpenAsync_stops_waiting_and_leaves_nothing_open()
    {
        using var temp = new TempDb();
        using var host = new HostProcess("hold", temp.ConnectionString);
        host.WaitFor(l => l == "holding", "the host's transaction");
        using var connection = new DocStoreConnection(temp.ConnectionString + Guard);
        using var cancel = new CancellationTokenSource();

        var open = connection.OpenAsync(cancel.Token);
        Assert.False(open.IsCompleted, "OpenAsync completed while another process held a write transaction open");
        await cancel.CancelAsync();

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => open.WaitAsync(TimeSpan.FromMinutes(10)));
        Assert.Equal(ConnectionState.Closed, connection.State);
        host.Send("commit");
        host.WaitFor(l => l == "committed", "the host's commit");
        await connection.OpenAsync();
        Assert.Equal(1, connection.ExecuteScalar<long>("SELECT COUNT(*) FROM Held"));
        connection.Execute("INSERT INTO Held (_id, source) VALUES (2, 'test')");
        host.Close();
    }

    [Fact]
    public async Task OpenAsync_with_no_busy_timeout_beside_another_program_write_is_busy()
    {
        using var temp = new TempDb();
        using var host = new HostProcess("hold", temp.ConnectionString);
        host.WaitFor(l => l == "holding", "the host's transaction");
        using var connection = new DocStoreConnection(temp.ConnectionString + ";Busy Timeout=0");

        var error = await Assert.ThrowsAsync<DatabaseBusyException>(() => connection.OpenAsync());

        Assert.Equal(ConnectionState.Closed, connection.State);
        Assert.Equal(temp.Path, error.FileName);
        host.Send("commit");
        host.WaitFor(l => l == "committed", "the host's commit");
        host.Close();
    }
}
