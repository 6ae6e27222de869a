using System.Diagnostics;
using System.Diagnostics.CodeAnalysis;

namespace DocStore.Bson;

/// <summary>
/// Throw helpers kept out of line so that the hot read and write paths stay small enough to inline.
/// </summary>
internal static class CBsonThrow
{
    [DoesNotReturn]
    [StackTraceHidden]
    public static void Format(string message, long offset) => throw new BsonFormatException(message, offset);

    [DoesNotReturn]
    [StackTraceHidden]
    public static T Format<T>(string message, long offset) => throw new BsonFormatException(message, offset);

    [DoesNotReturn]
    [StackTraceHidden]
    public static void Truncated(string what, long offset, long needed, long available) =>
        throw new BsonFormatException($"Truncated {what}: needs {needed} bytes but only {available} remain in its container", offset);

    [DoesNotReturn]
    [StackTraceHidden]
    public static void TooDeep(long offset) =>
        throw new BsonFormatException($"Nesting deeper than the maximum depth of {CBsonLimits.MaxDepth} documents/arrays", offset);

    [DoesNotReturn]
    [StackTraceHidden]
    public static void UnknownType(byte type, long offset) =>
        throw new BsonFormatException($"Unknown element type 0x{type:X2}", offset);

    [DoesNotReturn]
    [StackTraceHidden]
    public static void InvalidOperation(string message) => throw new InvalidOperationException(message);

    [DoesNotReturn]
    [StackTraceHidden]
    public static void Limit(CBsonLimit limit, string message) => throw new CBsonLimitException(limit, message);
}
