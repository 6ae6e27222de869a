namespace DocStore.Sql.Bound.Dates;

/// <summary>
/// 'now' for one statement: read once from the database's <see cref="TimeProvider"/> (tests fix it), so
/// every row and every call in a statement sees the same moment, as in SQLite.
/// </summary>
internal sealed class StatementClock(TimeProvider time)
{
    private long _now = -1;

    /// <summary>The statement's current UTC time as Julian day milliseconds.</summary>
    public long Now
    {
        get
        {
            var now = Volatile.Read(ref _now);
            if (now < 0)
            {
                now = JulianTime.FromTicks(time.GetUtcNow().UtcTicks).Milliseconds;
                Volatile.Write(ref _now, now);
            }

            return now;
        }
    }

    /// <summary>The zone 'localtime' and 'utc' convert with.</summary>
    public TimeZoneInfo LocalZone => time.LocalTimeZone;
}
