using System.Collections.Concurrent;
using System.Diagnostics.CodeAnalysis;
using System.Runtime.CompilerServices;

namespace DocStore.Linq.Translation;

/// <summary>
/// What a member reads as when its field is missing or null: a non-nullable value type reads as its
/// default after deserialization, anything else as null.
/// </summary>
internal static class ClrDefaults
{
    private static readonly ConcurrentDictionary<Type, object> Boxed = new();

    /// <summary>True when <paramref name="type"/> reads a missing field as a non-null default.</summary>
    public static bool HasValueDefault(Type type) => type.IsValueType && Nullable.GetUnderlyingType(type) is null;

    /// <summary>The boxed default of <paramref name="type"/>, or null for reference and nullable types.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2067", Justification = "Only value types get here: their default needs no constructor.")]
    public static object? Of(Type type) =>
        HasValueDefault(type) ? Boxed.GetOrAdd(type, static t => RuntimeHelpers.GetUninitializedObject(t)) : null;

    /// <summary>The sign of <paramref name="value"/> compared with its type's default (0 when it is the default or not comparable).</summary>
    public static int SignAgainstDefault(object value)
    {
        var type = value.GetType();
        if (!HasValueDefault(type) || value is not IComparable comparable)
        {
            return 0;
        }

        return Math.Sign(comparable.CompareTo(Of(type)));
    }
}
