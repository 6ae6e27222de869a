using System.Globalization;

namespace DocStore.Sql.Bound.Dates;

/// <summary>
/// The time-value argument of a date function as a <see cref="JulianTime"/>. Text is read as SQLite reads
/// it (YYYY-MM-DD, optional time after a space or 'T', optional 'Z' or ±HH:MM zone, which converts to UTC;
/// HH:MM[:SS[.SSS]] alone on 2000-01-01; 'now'; a number as a Julian day). A number is a Julian day. The
/// stored .NET types are read as their clock shows them: a DateTime by its ticks, a DateTimeOffset at its
/// UTC instant, a DateOnly at midnight, a TimeOnly or TimeSpan as a time on 2000-01-01.
/// </summary>
internal static class TimeValues
{
    public static bool TryRead(in SqlValue value, StatementClock clock, out JulianTime time)
    {
        time = default;
        switch (value.Kind)
        {
            case SqlKind.Text:
                return TryParse(value.AsString(), clock, out time);
            case SqlKind.Integer or SqlKind.Double or SqlKind.Decimal:
                return TryJulianDay(value.AsDouble(), out time);
            case SqlKind.DateTime or SqlKind.DateTimeOffset:
                time = JulianTime.FromTicks(value.Integer);
                time.IsUtc = value.Kind == SqlKind.DateTimeOffset;
                return true;
            case SqlKind.DateOnly:
                time = new JulianTime(JulianTime.Epoch0001 + (value.Integer * JulianTime.MillisecondsPerDay));
                return true;
            case SqlKind.TimeOnly or SqlKind.TimeSpan:
                time = new JulianTime(JulianTime.Day2000 + (value.Integer / TimeSpan.TicksPerMillisecond));
                return time.InRange;
            default:
                return false;
        }
    }

    /// <summary>
    /// A number: a Julian day (SQLite's range, 0 to 9999-12-31), kept raw so 'unixepoch' or 'auto' can read
    /// it as seconds instead; outside that range it stands for no time unless one of them does.
    /// </summary>
    public static bool TryJulianDay(double day, out JulianTime time)
    {
        time = default;
        if (!double.IsFinite(day))
        {
            return false;
        }

        var milliseconds = day is >= 0 and < 5373484.5 ? (long)((day * JulianTime.MillisecondsPerDay) + 0.5) : long.MinValue / 2;
        time = new JulianTime(milliseconds) { RawNumber = day };
        return true;
    }

    private static bool TryParse(string text, StatementClock clock, out JulianTime time)
    {
        time = default;
        var s = text.AsSpan().TrimEnd();
        if (s.Equals("now", StringComparison.OrdinalIgnoreCase))
        {
            time = new JulianTime(clock.Now) { IsUtc = true };
            return true;
        }

        if (TryDate(s, out var date, out var rest))
        {
            rest = rest.TrimStart();
            if (rest.Length > 0 && rest[0] is 'T' or 't')
            {
                rest = rest[1..];
            }

            long clockTime = 0;
            var utc = false;
            if (rest.Length > 0 && !TryTime(rest, out clockTime, out utc))
            {
                return false;
            }

            time = new JulianTime(JulianTime.Epoch0001 + (date * JulianTime.MillisecondsPerDay) + clockTime) { IsUtc = utc };
            return time.InRange;
        }

        if (TryTime(s, out var onlyTime, out var zoned))
        {
            time = new JulianTime(JulianTime.Day2000 + onlyTime) { IsUtc = zoned };
            return true;
        }

        if (double.TryParse(s, NumberStyles.Float, CultureInfo.InvariantCulture, out var number))
        {
            return TryJulianDay(number, out time);
        }

        return false;
    }

    /// <summary>YYYY-MM-DD as a day number from 0001-01-01; a day past the month's end runs into the next month, as SQLite's does.</summary>
    private static bool TryDate(ReadOnlySpan<char> s, out long day, out ReadOnlySpan<char> rest)
    {
        day = 0;
        rest = default;
        if (s.Length < 10 || s[4] != '-' || s[7] != '-'
            || !Digits(s[..4], out var year) || !Digits(s.Slice(5, 2), out var month) || !Digits(s.Slice(8, 2), out var dayOfMonth)
            || year < 1 || month is < 1 or > 12 || dayOfMonth is < 1 or > 31)
        {
            return false;
        }

        day = new DateOnly(year, month, 1).DayNumber + dayOfMonth - 1;
        rest = s[10..];
        return true;
    }

    /// <summary>HH:MM[:SS[.fraction]] then an optional zone: milliseconds from midnight, converted to UTC when zoned.</summary>
    private static bool TryTime(ReadOnlySpan<char> s, out long milliseconds, out bool zoned)
    {
        milliseconds = 0;
        zoned = false;
        if (s.Length < 5 || s[2] != ':' || !Digits(s[..2], out var hour) || !Digits(s.Slice(3, 2), out var minute) || hour > 24 || minute > 59)
        {
            return false;
        }

        var i = 5;
        double seconds = 0;
        if (i < s.Length && s[i] == ':')
        {
            if (s.Length < i + 3 || !Digits(s.Slice(i + 1, 2), out var whole) || whole > 59)
            {
                return false;
            }

            seconds = whole;
            i += 3;
            if (i < s.Length && s[i] == '.' && i + 1 < s.Length && char.IsAsciiDigit(s[i + 1]))
            {
                var start = i;
                i++;
                while (i < s.Length && char.IsAsciiDigit(s[i]))
                {
                    i++;
                }

                seconds += double.Parse(s[start..i], NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture);
            }
        }

        milliseconds = (hour * 3_600_000L) + (minute * 60_000L) + (long)((seconds * 1000) + 0.5);
        var zone = s[i..].Trim();
        if (zone.IsEmpty)
        {
            return true;
        }

        zoned = true;
        if (zone is "Z" or "z")
        {
            return true;
        }

        if (zone.Length != 6 || zone[0] is not ('+' or '-') || zone[3] != ':'
            || !Digits(zone.Slice(1, 2), out var zoneHours) || !Digits(zone.Slice(4, 2), out var zoneMinutes) || zoneHours > 14 || zoneMinutes > 59)
        {
            return false;
        }

        var offset = ((zoneHours * 60) + zoneMinutes) * 60_000L;
        milliseconds -= zone[0] == '+' ? offset : -offset;
        return true;
    }

    private static bool Digits(ReadOnlySpan<char> s, out int value)
    {
        value = 0;
        foreach (var c in s)
        {
            if (!char.IsAsciiDigit(c))
            {
                return false;
            }

            value = (value * 10) + (c - '0');
        }

        return true;
    }
}
