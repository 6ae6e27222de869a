using System.Globalization;

namespace DocStore.Data;

/// <summary>
/// Reads <see cref="DateTimeOffset"/>, <see cref="DateOnly"/>, <see cref="TimeOnly"/> and <see cref="TimeSpan"/>
/// from what a column may hold: the value itself, a close relative (a DateTime for a DateTimeOffset) or the
/// ISO 8601 text that exports and untyped collections carry (docs/ado-net.md, "Type mapping").
/// </summary>
internal static class ClrText
{
    /// <summary>Whether <see cref="ToTemporal"/> reads <paramref name="type"/>.</summary>
    public static bool Temporal(Type type) =>
        type == typeof(DateTimeOffset) || type == typeof(DateOnly) || type == typeof(TimeOnly) || type == typeof(TimeSpan);

    /// <summary>The value as <paramref name="target"/>, or null when it is another kind of value.</summary>
    /// <exception cref="FormatException">Text that does not parse as <paramref name="target"/>.</exception>
    public static object? ToTemporal(object value, Type target)
    {
        if (target == typeof(DateTimeOffset))
        {
            return value switch
            {
                DateTimeOffset v => v,
                // An unspecified DateTime is taken as UTC, as the reader's column conversion does.
                DateTime v => new DateTimeOffset(v.Kind == DateTimeKind.Unspecified ? DateTime.SpecifyKind(v, DateTimeKind.Utc) : v),
                string s => DateTimeOffset.Parse(s, CultureInfo.InvariantCulture, DateTimeStyles.AssumeUniversal),
                _ => null,
            };
        }

        if (target == typeof(DateOnly))
        {
            return value switch
            {
                DateOnly v => v,
                // Only a date at midnight is a date; dropping a time of day would lose data silently.
                DateTime v when v.TimeOfDay == TimeSpan.Zero => DateOnly.FromDateTime(v),
                string s => DateOnly.ParseExact(s, "yyyy-MM-dd", CultureInfo.InvariantCulture),
                _ => null,
            };
        }

        if (target == typeof(TimeOnly))
        {
            return value switch
            {
                TimeOnly v => v,
                string s => TimeOnly.Parse(s, CultureInfo.InvariantCulture),
                _ => null,
            };
        }

        return value switch
        {
            TimeSpan v => v,
            TimeOnly v => v.ToTimeSpan(),
            string s => TimeSpan.ParseExact(s, "c", CultureInfo.InvariantCulture),
            _ => null,
        };
    }
}
