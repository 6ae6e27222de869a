using System.Globalization;
using DocStore.Collections.Typing;
using DocStore.Metadata;

namespace DocStore.Sql.Bound;

/// <summary>
/// Text as a value of a member's recorded type, for comparisons with that member (docs/sql.md,
/// "Type affinity"). The rules are the ones a write into the member uses: ISO 8601 in the invariant
/// culture with the round-trip kind for dates, .NET's invariant formats for the other types (<see cref="MemberText"/>).
/// </summary>
internal static class AffinityText
{
    /// <summary>True for the member kinds whose comparisons convert text.</summary>
    public static bool Converts(FieldTypeKind kind) => kind is FieldTypeKind.DateTime or FieldTypeKind.DateTimeOffset
        or FieldTypeKind.DateOnly or FieldTypeKind.TimeOnly or FieldTypeKind.TimeSpan or FieldTypeKind.Guid or FieldTypeKind.Decimal;

    /// <summary>The value <paramref name="text"/> stands for as a <paramref name="kind"/>; false when it is not one.</summary>
    public static bool TryConvert(FieldTypeKind kind, string text, out SqlValue value)
    {
        switch (kind)
        {
            case FieldTypeKind.DateTime when MemberText.TryDateTime(text, out var dateTime):
                value = SqlValue.FromDateTime(dateTime);
                return true;
            case FieldTypeKind.DateTimeOffset when MemberText.TryDateTimeOffset(text, out var offset):
                value = SqlValue.FromDateTimeOffset(offset);
                return true;
            case FieldTypeKind.DateOnly when MemberText.TryDateOnly(text, out var date):
                value = SqlValue.FromDateOnly(date);
                return true;
            case FieldTypeKind.TimeOnly when MemberText.TryTimeOnly(text, out var time):
                value = SqlValue.FromTimeOnly(time);
                return true;
            case FieldTypeKind.TimeSpan when MemberText.TryTimeSpan(text, out var span):
                value = SqlValue.FromTimeSpan(span);
                return true;
            case FieldTypeKind.Guid when MemberText.TryGuid(text, out var guid):
                value = SqlValue.FromGuidBytes(guid.ToByteArray(bigEndian: true));
                return true;
            case FieldTypeKind.Decimal when decimal.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out var number):
                value = SqlValue.FromDecimal(number);
                return true;
            default:
                value = default;
                return false;
        }
    }

    /// <summary>The error for text that is not a value of the member's type.</summary>
    public static string Refusal(string text, string member, FieldType type) =>
        $"The text '{text}' is compared with '{member}', whose type is {type.Text}, but it is not a valid {Name(type.Kind)} "
        + $"({Expected(type.Kind)}); compare with a value of that type or convert the member explicitly.";

    private static string Name(FieldTypeKind kind) => kind == FieldTypeKind.Decimal ? "decimal" : kind.ToString();

    private static string Expected(FieldTypeKind kind) => kind switch
    {
        FieldTypeKind.DateTime => "ISO 8601 such as '2020-01-05' or '2020-01-05T10:30:00Z'",
        FieldTypeKind.DateTimeOffset => "ISO 8601 such as '2020-01-05T10:30:00+02:00'",
        FieldTypeKind.DateOnly => "such as '2020-01-05'",
        FieldTypeKind.TimeOnly => "such as '09:30' or '09:30:15.5'",
        FieldTypeKind.TimeSpan => "such as '1.02:03:04' or '00:30:00'",
        FieldTypeKind.Guid => "such as '0f8fad5b-d9cb-469f-a165-70867728950e'",
        _ => "a number such as '12.50'",
    };
}
