namespace DocStore.Sql.Bound.Dates;

/// <summary>
/// A moment as SQLite's date functions hold one: milliseconds since the Julian day epoch (noon UTC,
/// 4714 BC), with the flags the modifiers consult. Calendar fields come from .NET's proleptic Gregorian
/// calendar, so the range is the years 0001 to 9999.
/// </summary>
internal struct JulianTime
{
    public const long MillisecondsPerDay = 86_400_000;

    /// <summary>0001-01-01T00:00:00 as Julian day milliseconds (Julian day 1721425.5).</summary>
    public const long Epoch0001 = 148_731_163_200_000;

    /// <summary>1970-01-01T00:00:00 as Julian day milliseconds (Julian day 2440587.5).</summary>
    public const long UnixEpoch = 210_866_760_000_000;

    /// <summary>2000-01-01T00:00:00, the day SQLite gives a time without a date.</summary>
    public const long Day2000 = Epoch0001 + (730_119 * MillisecondsPerDay);

    private const long Last = Epoch0001 + (3_652_059 * MillisecondsPerDay) - 1;

    /// <summary>Milliseconds since the Julian day epoch.</summary>
    public long Milliseconds;

    /// <summary>The time value was a number, which 'unixepoch', 'julianday' and 'auto' may reinterpret as the first modifier.</summary>
    public double? RawNumber;

    /// <summary>Known to be UTC (a zone suffix or 'utc'); 'utc' then changes nothing.</summary>
    public bool IsUtc;

    /// <summary>Converted by 'localtime'; a second 'localtime' changes nothing.</summary>
    public bool IsLocal;

    /// <summary>'subsec': times and unixepoch() show milliseconds.</summary>
    public bool Subsecond;

    public JulianTime(long milliseconds) => Milliseconds = milliseconds;

    /// <summary>True within the years 0001 to 9999, which the calendar fields need.</summary>
    public readonly bool InRange => Milliseconds is >= Epoch0001 and <= Last;

    /// <summary>The calendar date and time (valid when <see cref="InRange"/>).</summary>
    public readonly DateTime Calendar => new((Milliseconds - Epoch0001) * TimeSpan.TicksPerMillisecond, DateTimeKind.Unspecified);

    public static JulianTime FromTicks(long ticks) =>
        new(Epoch0001 + ((ticks + (TimeSpan.TicksPerMillisecond / 2)) / TimeSpan.TicksPerMillisecond));

    public static JulianTime FromCalendar(DateTime value) => FromTicks(value.Ticks);

    /// <summary>The Julian day number with its fraction.</summary>
    public readonly double JulianDay => Milliseconds / (double)MillisecondsPerDay;

    /// <summary>Milliseconds into the day (from midnight).</summary>
    public readonly long TimeOfDay => (Milliseconds + (MillisecondsPerDay / 2)) % MillisecondsPerDay;
}
