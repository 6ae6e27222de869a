using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Sql;

/// <summary>
/// Staff rows written through the typed API (so stored as the model stores them), then the collection renamed
/// to People and the file opened untyped, as the tool opens it: only the recorded member types are left.
/// </summary>
internal static class RosterData
{
    public static readonly Staffer[] Rows =
    [
        Row(1, "Ann", new DateTime(2019, 3, 1, 8, 0, 0, DateTimeKind.Utc), new DateTimeOffset(2024, 1, 1, 12, 0, 0, TimeSpan.FromHours(2)), new DateOnly(1990, 1, 1), new TimeOnly(8, 0), TimeSpan.FromHours(8), 5200.50m),
        Row(2, "Bob", new DateTime(2020, 1, 5, 0, 0, 0, DateTimeKind.Utc), new DateTimeOffset(2024, 1, 1, 10, 0, 0, TimeSpan.Zero), new DateOnly(1985, 6, 15), new TimeOnly(9, 30), TimeSpan.FromHours(7.5), 6100m),
        Row(3, "Cid", new DateTime(2020, 1, 5, 9, 15, 30, DateTimeKind.Local), new DateTimeOffset(2023, 12, 31, 23, 0, 0, TimeSpan.FromHours(-5)), new DateOnly(1990, 1, 1), new TimeOnly(10, 15, 20), TimeSpan.FromMinutes(90), 4999.99m),
        Row(4, "Dee", new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Unspecified).AddTicks(1234567), new DateTimeOffset(2024, 3, 10, 8, 30, 0, TimeSpan.FromMinutes(330)), new DateOnly(2001, 12, 31), new TimeOnly(9, 30), TimeSpan.FromDays(1.25), 6100.00m),
        Row(5, "Eve", new DateTime(2031, 7, 4, 12, 0, 0, DateTimeKind.Utc), new DateTimeOffset(2022, 6, 1, 0, 0, 0, TimeSpan.FromHours(14)), new DateOnly(1979, 2, 28), new TimeOnly(23, 59, 59), -TimeSpan.FromHours(1), 100m),
    ];

    /// <summary>A file with the rows as collection People, opened untyped.</summary>
    public static DocStoreDatabase Open(TempDatabase temp)
    {
        using (var typed = AppDb.Open(temp.Path, TempDatabase.Options))
        {
            foreach (var row in Rows)
            {
                typed.Roster.Insert(row);
            }
        }

        var db = DocStoreDatabase.Open(temp.Path, TempDatabase.Options);
        // The typed context created every collection of the project, an empty People among them.
        db.Sql.Execute("DROP COLLECTION People");
        db.Sql.Execute("ALTER COLLECTION Roster RENAME TO People");
        return db;
    }

    /// <summary>The ids of the rows, ascending, as text.</summary>
    public static string Ids(IEnumerable<Staffer> rows) => string.Join(",", rows.Select(r => r.Id).Order());

    /// <summary>The ids a query returns (its first column), ascending unless <paramref name="ordered"/>.</summary>
    public static string Ids(DocStoreContext db, string sql, SqlParameters? parameters = null, bool ordered = false)
    {
        var ids = db.Sql.Query(sql, parameters).Select(d => d["Id"].AsInt32);
        return string.Join(",", ordered ? ids : ids.Order());
    }

    private static Staffer Row(int id, string name, DateTime joined, DateTimeOffset seen, DateOnly born, TimeOnly starts, TimeSpan shift, decimal salary) => new()
    {
        Id = id,
        Name = name,
        Joined = joined,
        Ended = id % 2 == 0 ? null : joined.AddDays(id * 10.5),
        Seen = seen,
        Born = born,
        Starts = starts,
        Shift = shift,
        Badge = new Guid(id, 0x1234, 0x5678, [1, 2, 3, 4, 5, 6, 7, (byte)id]),
        Salary = salary,
    };
}
