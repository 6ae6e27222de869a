using System.Globalization;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;

namespace DocStore.Generators.RuntimeTests.Sql;

/// <summary>
/// The date functions read stored .NET values as their clocks show them: a DateTime by its ticks, a
/// DateTimeOffset at its UTC instant, a DateOnly at midnight, a TimeOnly or TimeSpan as a time on 2000-01-01.
/// Expected values are the typed values formatted by .NET.
/// </summary>
public sealed class TemporalFunctionTests
{
    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    [Fact]
    public void Date_time_and_strftime_format_each_stored_type()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var rows = db.Sql.Query(
            "SELECT Id, date(Joined) AS jd, datetime(Joined) AS jdt, strftime('%Y', Joined) AS y, strftime('%H:%M:%f', Joined) AS jf, " +
            "datetime(Seen) AS sdt, date(Born) AS bd, strftime('%j', Born) AS bj, time(Starts) AS st, time(Shift) AS sh, date(Shift) AS shd, " +
            "date(Joined, 'start of month', '+1 month') AS next FROM People ORDER BY Id");
        Assert.Equal(RosterData.Rows.Length, rows.Count);
        foreach (var (row, source) in rows.Zip(RosterData.Rows))
        {
            Assert.Equal(source.Id, row["Id"].AsInt32);
            Assert.Equal(source.Joined.ToString("yyyy-MM-dd", Invariant), row["jd"].AsString);
            Assert.Equal(source.Joined.ToString("yyyy-MM-dd HH:mm:ss", Invariant), row["jdt"].AsString);
            Assert.Equal(source.Joined.Year.ToString(Invariant), row["y"].AsString);
            Assert.Equal(Milliseconds(source.Joined).ToString("HH:mm:ss.fff", Invariant), row["jf"].AsString);
            Assert.Equal(source.Seen.UtcDateTime.ToString("yyyy-MM-dd HH:mm:ss", Invariant), row["sdt"].AsString);
            Assert.Equal(source.Born.ToString("yyyy-MM-dd", Invariant), row["bd"].AsString);
            Assert.Equal(source.Born.DayOfYear.ToString("000", Invariant), row["bj"].AsString);
            Assert.Equal(source.Starts.ToString("HH:mm:ss", Invariant), row["st"].AsString);
            var shifted = new DateTime(2000, 1, 1) + source.Shift;
            Assert.Equal(shifted.ToString("HH:mm:ss", Invariant), row["sh"].AsString);
            Assert.Equal(shifted.ToString("yyyy-MM-dd", Invariant), row["shd"].AsString);
            var month = new DateTime(source.Joined.Year, source.Joined.Month, 1).AddMonths(1);
            Assert.Equal(month.ToString("yyyy-MM-dd", Invariant), row["next"].AsString);
        }
    }

    [Fact]
    public void Julian_days_and_unix_seconds_of_stored_values_subtract_as_days_and_seconds()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var rows = db.Sql.Query("SELECT Id, julianday(Ended) - julianday(Joined) AS days, unixepoch(Seen) AS unix, julianday(Born) AS jd FROM People ORDER BY Id");
        foreach (var (row, source) in rows.Zip(RosterData.Rows))
        {
            if (source.Ended is { } ended)
            {
                Assert.Equal((Milliseconds(ended) - Milliseconds(source.Joined)).TotalDays, row["days"].AsDouble, 9);
            }
            else
            {
                Assert.True(row["days"].IsNull);
            }

            Assert.Equal(source.Seen.ToUnixTimeSeconds(), row["unix"].AsInt64);
            Assert.Equal(source.Born.DayNumber + 1721425.5, row["jd"].AsDouble);
        }
    }

    [Fact]
    public void A_date_function_compared_with_a_member_converts_its_text_and_uses_the_index()
    {
        using var temp = new TempDatabase();
        using var db = RosterData.Open(temp);
        var sql = "SELECT Id FROM People WHERE Joined >= date('2020-01-05', '+1 day')";
        Assert.Equal(RosterData.Ids(RosterData.Rows.Where(r => r.Joined >= new DateTime(2020, 1, 6))), RosterData.Ids(db, sql));
        var plan = Assert.Single(db.Sql.Query("EXPLAIN " + sql));
        Assert.Equal(("index range", "Joined"), (plan["access"].AsString, plan["index"].AsString));
        Assert.Equal("2", RosterData.Ids(db, "SELECT Id FROM People WHERE date(Joined) = '2020-01-05' AND Joined < '2020-01-05T01:00'"));
    }

    // SQLite's date functions hold milliseconds: a DateTime's ticks round to the nearest one.
    private static DateTime Milliseconds(DateTime value) =>
        new((value.Ticks + (TimeSpan.TicksPerMillisecond / 2)) / TimeSpan.TicksPerMillisecond * TimeSpan.TicksPerMillisecond);
}
