using System.Globalization;

namespace DocStore.Sql.Bound.Dates;

/// <summary>What a modifier does.</summary>
internal enum ModifierKind
{
    AddMilliseconds,
    AddMonths,
    AddYears,
    StartOfDay,
    StartOfMonth,
    StartOfYear,
    Weekday,
    UnixEpoch,
    JulianDay,
    Auto,
    LocalTime,
    Utc,
    Subsecond,
}

/// <summary>
/// One modifier of a date function, parsed (case-insensitively, as SQLite does): 'NNN days|hours|minutes|
/// seconds|months|years' (singular too, signed, fractional), '±HH:MM[:SS[.SSS]]', 'start of day|month|year',
/// 'weekday N', 'unixepoch', 'julianday', 'auto', 'localtime', 'utc', 'subsec'. Anything else is refused by
/// name instead of silently giving NULL.
/// </summary>
internal sealed record DateModifier(ModifierKind Kind, double Amount)
{
    /// <summary>The modifiers this engine supports, for error messages.</summary>
    public const string Supported = "'NNN days', 'NNN hours', 'NNN minutes', 'NNN seconds', 'NNN months', 'NNN years', '±HH:MM[:SS[.SSS]]', "
        + "'start of day', 'start of month', 'start of year', 'weekday N', 'unixepoch', 'julianday', 'auto', 'localtime', 'utc', 'subsec'";

    private static readonly Dictionary<string, double> UnitMilliseconds = new(StringComparer.OrdinalIgnoreCase)
    {
        ["second"] = 1000,
        ["minute"] = 60_000,
        ["hour"] = 3_600_000,
        ["day"] = JulianTime.MillisecondsPerDay,
    };

    /// <summary>The modifier <paramref name="text"/>, or null with <paramref name="error"/> saying why not.</summary>
    public static DateModifier? Parse(string text, out string? error)
    {
        error = null;
        var s = text.Trim();
        switch (s.ToLowerInvariant())
        {
            case "start of day":
                return new(ModifierKind.StartOfDay, 0);
            case "start of month":
                return new(ModifierKind.StartOfMonth, 0);
            case "start of year":
                return new(ModifierKind.StartOfYear, 0);
            case "unixepoch":
                return new(ModifierKind.UnixEpoch, 0);
            case "julianday":
                return new(ModifierKind.JulianDay, 0);
            case "auto":
                return new(ModifierKind.Auto, 0);
            case "localtime":
                return new(ModifierKind.LocalTime, 0);
            case "utc":
                return new(ModifierKind.Utc, 0);
            case "subsec" or "subsecond":
                return new(ModifierKind.Subsecond, 0);
        }

        if (s.StartsWith("weekday ", StringComparison.OrdinalIgnoreCase))
        {
            if (int.TryParse(s.AsSpan(8).Trim(), NumberStyles.None, CultureInfo.InvariantCulture, out var day) && day is >= 0 and <= 6)
            {
                return new(ModifierKind.Weekday, day);
            }

            error = $"The date modifier '{text}' is not supported: the weekday must be 0 (Sunday) to 6 (Saturday)";
            return null;
        }

        if (ParseShift(s) is { } shift)
        {
            return shift;
        }

        var space = s.IndexOf(' ', StringComparison.Ordinal);
        if (space > 0 && double.TryParse(s.AsSpan(0, space), NumberStyles.Float, CultureInfo.InvariantCulture, out var amount) && double.IsFinite(amount))
        {
            var unit = s[(space + 1)..].Trim();
            unit = unit.Length > 1 && unit.EndsWith("s", StringComparison.OrdinalIgnoreCase) ? unit[..^1] : unit;
            if (UnitMilliseconds.TryGetValue(unit, out var milliseconds))
            {
                return new(ModifierKind.AddMilliseconds, amount * milliseconds);
            }

            if (unit.Equals("month", StringComparison.OrdinalIgnoreCase))
            {
                return new(ModifierKind.AddMonths, amount);
            }

            if (unit.Equals("year", StringComparison.OrdinalIgnoreCase))
            {
                return new(ModifierKind.AddYears, amount);
            }
        }

        error = $"The date modifier '{text}' is not supported (supported: {Supported})";
        return null;
    }

    /// <summary>Applies the modifier; false when the result is NULL (out of range, or a misplaced 'unixepoch').</summary>
    public bool Apply(ref JulianTime time, bool first, StatementClock clock)
    {
        switch (Kind)
        {
            case ModifierKind.AddMilliseconds:
                time.Milliseconds += (long)(Amount + (Amount < 0 ? -0.5 : 0.5));
                break;
            case ModifierKind.AddMonths or ModifierKind.AddYears:
                if (!time.InRange)
                {
                    return false;
                }

                var whole = (int)Amount;
                var calendar = time.Calendar;
                var months = (calendar.Year * 12L) + calendar.Month - 1 + (Kind == ModifierKind.AddMonths ? whole : whole * 12L);
                var (year, month) = (Math.DivRem(months, 12L, out var m), (int)m + 1);
                if (year is < 1 or > 9999)
                {
                    return false;
                }

                // The day may pass the month's end (January 31 + 1 month): it runs on into the next month.
                var day = new DateOnly((int)year, month, 1).DayNumber + calendar.Day - 1;
                var fraction = (Amount - whole) * (Kind == ModifierKind.AddMonths ? 30 : 365) * JulianTime.MillisecondsPerDay;
                time.Milliseconds = JulianTime.Epoch0001 + (day * JulianTime.MillisecondsPerDay) + (long)calendar.TimeOfDay.TotalMilliseconds
                    + (long)(fraction + (fraction < 0 ? -0.5 : 0.5));
                break;
            case ModifierKind.StartOfDay:
                time.Milliseconds -= time.TimeOfDay;
                break;
            case ModifierKind.StartOfMonth or ModifierKind.StartOfYear:
                if (!time.InRange)
                {
                    return false;
                }

                var date = time.Calendar;
                time = time with { Milliseconds = JulianTime.FromCalendar(new DateTime(date.Year, Kind == ModifierKind.StartOfYear ? 1 : date.Month, 1)).Milliseconds };
                break;
            case ModifierKind.Weekday:
                var weekday = ((time.Milliseconds + 129_600_000) / JulianTime.MillisecondsPerDay) % 7;
                if (weekday > Amount)
                {
                    weekday -= 7;
                }

                time.Milliseconds += ((long)Amount - weekday) * JulianTime.MillisecondsPerDay;
                break;
            case ModifierKind.UnixEpoch or ModifierKind.JulianDay or ModifierKind.Auto:
                return Reinterpret(ref time, first);
            case ModifierKind.LocalTime:
                return ToLocal(ref time, clock.LocalZone);
            case ModifierKind.Utc:
                return ToUtc(ref time, clock.LocalZone);
            default:
                time.Subsecond = true;
                break;
        }

        return true;
    }

    /// <summary>'unixepoch', 'julianday' and 'auto' only reinterpret a numeric time value, and only as the first modifier.</summary>
    private bool Reinterpret(ref JulianTime time, bool first)
    {
        if (!first || time.RawNumber is not { } number)
        {
            return false;
        }

        var unix = Kind == ModifierKind.UnixEpoch || (Kind == ModifierKind.Auto && number is < 0 or >= 5373484.5);
        if (!unix)
        {
            return true;
        }

        var milliseconds = (number * 1000.0) + JulianTime.UnixEpoch;
        if (milliseconds is < 0 or >= 464_269_060_800_000)
        {
            return false;
        }

        time.Milliseconds = (long)(milliseconds + 0.5);
        time.RawNumber = null;
        return true;
    }

    private static bool ToLocal(ref JulianTime time, TimeZoneInfo zone)
    {
        if (time.IsLocal)
        {
            return true;
        }

        if (!time.InRange)
        {
            return false;
        }

        var utc = DateTime.SpecifyKind(time.Calendar, DateTimeKind.Utc);
        time.Milliseconds += (long)zone.GetUtcOffset(utc).TotalMilliseconds;
        (time.IsLocal, time.IsUtc) = (true, false);
        return true;
    }

    private static bool ToUtc(ref JulianTime time, TimeZoneInfo zone)
    {
        if (time.IsUtc)
        {
            return true;
        }

        if (!time.InRange)
        {
            return false;
        }

        time.Milliseconds -= (long)zone.GetUtcOffset(time.Calendar).TotalMilliseconds;
        (time.IsLocal, time.IsUtc) = (false, true);
        return true;
    }

    /// <summary>'±HH:MM', '±HH:MM:SS' or '±HH:MM:SS.SSS': a shift by that much time.</summary>
    private static DateModifier? ParseShift(string s)
    {
        if (s.Length < 6 || s[0] is not ('+' or '-') || s[3] != ':')
        {
            return null;
        }

        var parts = s[1..].Split(':');
        if (parts.Length is < 2 or > 3 || parts[0].Length != 2 || parts[1].Length != 2
            || !int.TryParse(parts[0], NumberStyles.None, CultureInfo.InvariantCulture, out var hours)
            || !int.TryParse(parts[1], NumberStyles.None, CultureInfo.InvariantCulture, out var minutes) || minutes > 59)
        {
            return null;
        }

        var seconds = 0.0;
        if (parts.Length == 3 && (parts[2].Length < 2 || !char.IsAsciiDigit(parts[2][0])
            || !double.TryParse(parts[2], NumberStyles.AllowDecimalPoint, CultureInfo.InvariantCulture, out seconds) || seconds >= 60))
        {
            return null;
        }

        var milliseconds = (hours * 3_600_000.0) + (minutes * 60_000.0) + (seconds * 1000);
        return new(ModifierKind.AddMilliseconds, s[0] == '-' ? -milliseconds : milliseconds);
    }
}
