using System.Globalization;
using System.Text;

namespace DocStore.Sql.Bound.Dates;

/// <summary>
/// SQLite's strftime substitutions: %d %e %f %F %G %g %H %I %j %J %k %l %m %M %p %P %R %s %S %T %u %U %V
/// %w %W %Y %%. date(), time() and datetime() are fixed formats of the same fields.
/// </summary>
internal static class DateFormat
{
    /// <summary>The substitution letters this engine knows, for error messages.</summary>
    public const string Specifiers = "%d %e %f %F %G %g %H %I %j %J %k %l %m %M %p %P %R %s %S %T %u %U %V %w %W %Y %%";

    private static readonly CultureInfo Invariant = CultureInfo.InvariantCulture;

    /// <summary>The first substitution of <paramref name="format"/> that is not one of <see cref="Specifiers"/>, or null.</summary>
    public static string? UnknownSpecifier(string format)
    {
        for (var i = 0; i < format.Length; i++)
        {
            if (format[i] != '%')
            {
                continue;
            }

            if (i + 1 >= format.Length)
            {
                return "%";
            }

            var letter = format[++i];
            if (!Specifiers.Contains("%" + letter, StringComparison.Ordinal))
            {
                return "%" + letter;
            }
        }

        return null;
    }

    /// <summary>'YYYY-MM-DD'.</summary>
    public static string Date(in JulianTime time) => time.Calendar.ToString("yyyy-MM-dd", Invariant);

    /// <summary>'HH:MM:SS', or 'HH:MM:SS.SSS' after 'subsec'.</summary>
    public static string Time(in JulianTime time) => time.Calendar.ToString(time.Subsecond ? "HH:mm:ss.fff" : "HH:mm:ss", Invariant);

    /// <summary>'YYYY-MM-DD HH:MM:SS', or with milliseconds after 'subsec'.</summary>
    public static string DateTime(in JulianTime time) => Date(time) + " " + Time(time);

    /// <summary>Seconds since 1970: an integer, or with milliseconds after 'subsec'.</summary>
    public static SqlValue UnixEpoch(in JulianTime time) => time.Subsecond
        ? SqlValue.FromDouble((time.Milliseconds - JulianTime.UnixEpoch) / 1000.0)
        : SqlValue.FromInt64((time.Milliseconds / 1000) - (JulianTime.UnixEpoch / 1000));

    /// <summary><paramref name="format"/> with each substitution replaced (the format was checked with <see cref="UnknownSpecifier"/>).</summary>
    public static string Strftime(string format, in JulianTime time)
    {
        var value = time.Calendar;
        var text = new StringBuilder(format.Length + 16);
        for (var i = 0; i < format.Length; i++)
        {
            var c = format[i];
            if (c != '%' || i + 1 >= format.Length)
            {
                text.Append(c);
                continue;
            }

            var hour12 = value.Hour % 12 == 0 ? 12 : value.Hour % 12;
            switch (format[++i])
            {
                case 'd': text.Append(value.Day.ToString("00", Invariant)); break;
                case 'e': text.Append(value.Day.ToString(Invariant).PadLeft(2)); break;
                case 'f': text.Append(value.ToString("ss.fff", Invariant)); break;
                case 'F': text.Append(value.ToString("yyyy-MM-dd", Invariant)); break;
                case 'G': text.Append(ISOWeek.GetYear(value).ToString("0000", Invariant)); break;
                case 'g': text.Append((ISOWeek.GetYear(value) % 100).ToString("00", Invariant)); break;
                case 'H': text.Append(value.Hour.ToString("00", Invariant)); break;
                case 'I': text.Append(hour12.ToString("00", Invariant)); break;
                case 'j': text.Append(value.DayOfYear.ToString("000", Invariant)); break;
                case 'J': text.Append(time.JulianDay.ToString("G16", Invariant)); break;
                case 'k': text.Append(value.Hour.ToString(Invariant).PadLeft(2)); break;
                case 'l': text.Append(hour12.ToString(Invariant).PadLeft(2)); break;
                case 'm': text.Append(value.Month.ToString("00", Invariant)); break;
                case 'M': text.Append(value.Minute.ToString("00", Invariant)); break;
                case 'p': text.Append(value.Hour < 12 ? "AM" : "PM"); break;
                case 'P': text.Append(value.Hour < 12 ? "am" : "pm"); break;
                case 'R': text.Append(value.ToString("HH:mm", Invariant)); break;
                case 's': text.Append(time.Subsecond ? ((time.Milliseconds - JulianTime.UnixEpoch) / 1000.0).ToString("0.000", Invariant) : UnixEpoch(time).ToString()); break;
                case 'S': text.Append(value.Second.ToString("00", Invariant)); break;
                case 'T': text.Append(value.ToString("HH:mm:ss", Invariant)); break;
                case 'u': text.Append(value.DayOfWeek == DayOfWeek.Sunday ? '7' : (char)('0' + (int)value.DayOfWeek)); break;
                case 'U': text.Append(((value.DayOfYear - 1 + 7 - (int)value.DayOfWeek) / 7).ToString("00", Invariant)); break;
                case 'V': text.Append(ISOWeek.GetWeekOfYear(value).ToString("00", Invariant)); break;
                case 'w': text.Append((char)('0' + (int)value.DayOfWeek)); break;
                case 'W': text.Append(((value.DayOfYear - 1 + 7 - (((int)value.DayOfWeek + 6) % 7)) / 7).ToString("00", Invariant)); break;
                case 'Y': text.Append(value.Year.ToString("0000", Invariant)); break;
                default: text.Append('%'); break;
            }
        }

        return text.ToString();
    }
}
