using System.Globalization;

namespace DocStore.Bson.Interop;

/// <summary>
/// The ISO-8601 (RFC 3339) date-times of relaxed Extended JSON's <c>$date</c>: written in UTC with
/// milliseconds only when non-zero; read with a "Z" or a numeric offset and up to nine fraction digits,
/// as long as the digits beyond milliseconds are zeros (a BSON datetime holds whole milliseconds).
/// </summary>
internal static class Iso8601
{
    /// <summary>9999-12-31T23:59:59.999Z, the last instant relaxed output writes as a string.</summary>
    public const long MaxRelaxedMilliseconds = 253402300799999L;

    /// <summary>Formats milliseconds since the epoch (0 to <see cref="MaxRelaxedMilliseconds"/>).</summary>
    public static string Format(long milliseconds)
    {
        var time = DateTime.UnixEpoch.AddMilliseconds(milliseconds);
        var text = time.ToString("yyyy-MM-dd'T'HH:mm:ss", CultureInfo.InvariantCulture);
        var fraction = (int)(milliseconds % 1000);
        return fraction == 0
            ? text + "Z"
            : string.Create(CultureInfo.InvariantCulture, $"{text}.{fraction:D3}Z");
    }

    /// <summary>Parses "YYYY-MM-DDTHH:MM:SS[.fraction](Z|+HH:MM|+HHMM)" into milliseconds since the epoch.</summary>
    public static bool TryParse(ReadOnlySpan<char> s, out long milliseconds)
    {
        milliseconds = 0;
        if (s.Length < 20 || s[4] != '-' || s[7] != '-' || s[10] != 'T' || s[13] != ':' || s[16] != ':')
        {
            return false;
        }

        if (!TryDigits(s, 0, 4, out var year) || !TryDigits(s, 5, 2, out var month) || !TryDigits(s, 8, 2, out var day) ||
            !TryDigits(s, 11, 2, out var hour) || !TryDigits(s, 14, 2, out var minute) || !TryDigits(s, 17, 2, out var second))
        {
            return false;
        }

        if (month is < 1 or > 12 || day < 1 || day > DaysInMonth(year, month) || hour > 23 || minute > 59 || second > 59)
        {
            return false;
        }

        var pos = 19;
        var fractionMs = 0;
        if (s[pos] == '.')
        {
            pos++;
            var start = pos;
            while (pos < s.Length && char.IsAsciiDigit(s[pos]))
            {
                var digit = s[pos] - '0';
                var place = pos - start;
                if (place < 3)
                {
                    fractionMs += digit * (place == 0 ? 100 : place == 1 ? 10 : 1);
                }
                else if (digit != 0)
                {
                    return false;
                }

                pos++;
            }

            if (pos == start || pos - start > 9)
            {
                return false;
            }
        }

        if (!TryZone(s[pos..], out var offsetMinutes))
        {
            return false;
        }

        var days = DaysFromCivil(year, month, day);
        milliseconds = (((((days * 24) + hour) * 60 + minute - offsetMinutes) * 60) + second) * 1000 + fractionMs;
        return true;
    }

    private static bool TryZone(ReadOnlySpan<char> zone, out int offsetMinutes)
    {
        offsetMinutes = 0;
        if (zone is "Z")
        {
            return true;
        }

        if (zone.Length is not (5 or 6) || (zone[0] != '+' && zone[0] != '-'))
        {
            return false;
        }

        var minutesAt = zone.Length == 6 ? 4 : 3;
        if ((zone.Length == 6 && zone[3] != ':') || !TryDigits(zone, 1, 2, out var hours) || !TryDigits(zone, minutesAt, 2, out var minutes) ||
            hours > 23 || minutes > 59)
        {
            return false;
        }

        offsetMinutes = (zone[0] == '-' ? -1 : 1) * ((hours * 60) + minutes);
        return true;
    }

    private static bool TryDigits(ReadOnlySpan<char> s, int start, int count, out int value)
    {
        value = 0;
        for (var i = start; i < start + count; i++)
        {
            if (!char.IsAsciiDigit(s[i]))
            {
                return false;
            }

            value = (value * 10) + (s[i] - '0');
        }

        return true;
    }

    private static int DaysInMonth(int year, int month) => month switch
    {
        2 => (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28,
        4 or 6 or 9 or 11 => 30,
        _ => 31,
    };

    /// <summary>Days from 1970-01-01 to a proleptic Gregorian date (year 0 included, unlike DateTime).</summary>
    private static long DaysFromCivil(int year, int month, int day)
    {
        long y = month <= 2 ? year - 1 : year;
        var era = (y >= 0 ? y : y - 399) / 400;
        var yearOfEra = y - (era * 400);
        var dayOfYear = ((153 * (month + (month > 2 ? -3 : 9))) + 2) / 5 + day - 1;
        var dayOfEra = (yearOfEra * 365) + (yearOfEra / 4) - (yearOfEra / 100) + dayOfYear;
        return (era * 146097) + dayOfEra - 719468;
    }
}
