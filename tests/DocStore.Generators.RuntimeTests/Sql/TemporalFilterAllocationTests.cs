using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Sql;

/// <summary>Filtering on temporal members compared with converted text allocates nothing per row.</summary>
public sealed class TemporalFilterAllocationTests
{
    // An OR with a side no index serves (Id <> Id, false for every row) keeps the indexed members from
    // choosing an index walk or union, whose entries are copied: every row is filtered.
    private const string Filter =
        "SELECT COUNT(*) AS n FROM People WHERE (Seen > @seen OR Id <> Id) AND (Joined < '2100-01-01' OR Id <> Id) AND Born <> '1900-01-01' "
        + "AND Starts >= '00:00' AND Shift <> @shift AND Badge <> '00000000-0000-0000-0000-000000000001' AND Salary <> '0.5'";

    [Fact]
    public void A_thousand_more_rows_cost_no_more_allocations()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var statement = db.Sql.Prepare(Filter);
        var parameters = new SqlParameters().Add("seen", "1999-01-01T00:00:00Z").Add("shift", "99.00:00:00");
        var few = Allocated(statement, parameters, RosterData.Rows.Length);

        var people = db.GetCollection("People");
        using (var tx = db.BeginTransaction())
        {
            foreach (var row in db.Sql.Query("SELECT * FROM People WHERE Id = 4"))
            {
                for (var id = 100; id < 1100; id++)
                {
                    row["Id"] = id;
                    people.Insert(tx, row);
                }
            }

            tx.Commit();
        }

        var many = Allocated(statement, parameters, RosterData.Rows.Length + 1000);
        Assert.True(many - few < 1000, $"{many - few} more bytes for 1000 more rows ({few} for {RosterData.Rows.Length})");
    }

    private static long Allocated(SqlPreparedStatement statement, SqlParameters parameters, int expected)
    {
        for (var warm = 0; warm < 3; warm++)
        {
            Assert.Equal(expected, (int)statement.ExecuteScalar(parameters).ToDouble());
        }

        // The least of three runs: a one-off allocation (a cache or scratch buffer growing once) is not a
        // per-row cost, while a per-row allocation shows in every run.
        var least = long.MaxValue;
        for (var run = 0; run < 3; run++)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            statement.ExecuteScalar(parameters);
            least = Math.Min(least, GC.GetAllocatedBytesForCurrentThread() - before);
        }

        return least;
    }
}
