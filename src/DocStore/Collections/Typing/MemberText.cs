using System.Globalization;

namespace DocStore.Collections.Typing;

/// <summary>
/// How text reads as a member of a .NET date, time or Guid type: ISO 8601 in the invariant culture, with the
/// round-trip kind for DateTime and DateTimeOffset. One rule for what a write into a typed member converts
/// (<see cref="TypedWrites"/>) and what SQL compares with such a member (docs/sql.md, "Type affinity").
/// </summary>
internal static class MemberText
{
    public static bool TryDateTime(string text, out DateTime value) =>
        DateTime.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);

    public static bool TryDateTimeOffset(string text, out DateTimeOffset value) =>
        DateTimeOffset.TryParse(text, CultureInfo.InvariantCulture, DateTimeStyles.RoundtripKind, out value);

    public static bool TryDateOnly(string text, out DateOnly value) => DateOnly.TryParse(text, CultureInfo.InvariantCulture, out value);

    public static bool TryTimeOnly(string text, out TimeOnly value) => TimeOnly.TryParse(text, CultureInfo.InvariantCulture, out value);

    public static bool TryTimeSpan(string text, out TimeSpan value) => TimeSpan.TryParse(text, CultureInfo.InvariantCulture, out value);

    public static bool TryGuid(string text, out Guid value) => Guid.TryParse(text, out value);
}
