using System.Globalization;
using System.Runtime.CompilerServices;

namespace DocStore.Sql.Syntax;

/// <summary>
/// The newer BCL members the linked SQL lexer and parser call, with the same behaviour, for netstandard2.0.
/// Declared as extension members so the linked sources compile unchanged.
/// </summary>
internal static class NetStandardExtensions
{
    extension(char)
    {
        public static bool IsAsciiDigit(char c) => c is >= '0' and <= '9';

        public static bool IsAsciiLetter(char c) => (uint)((c | 0x20) - 'a') <= 'z' - 'a';
    }

    extension(Math)
    {
        public static int Clamp(int value, int min, int max) => value < min ? min : value > max ? max : value;
    }

    extension(ulong)
    {
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out ulong result) =>
            ulong.TryParse(s.ToString(), style, provider, out result);
    }

    extension(double)
    {
        public static bool TryParse(ReadOnlySpan<char> s, NumberStyles style, IFormatProvider provider, out double result) =>
            double.TryParse(s.ToString(), style, provider, out result);

        public static bool IsFinite(double d) => !double.IsNaN(d) && !double.IsInfinity(d);
    }

    extension(string)
    {
        public static string Concat(ReadOnlySpan<char> first, ReadOnlySpan<char> second) => first.ToString() + second.ToString();
    }

    extension(string text)
    {
        public string Replace(string oldValue, string newValue, StringComparison comparison) =>
            comparison == StringComparison.Ordinal ? text.Replace(oldValue, newValue) : throw new NotSupportedException();
    }

    extension(ArgumentNullException)
    {
        public static void ThrowIfNull(object? argument)
        {
            if (argument is null)
            {
                throw new ArgumentNullException(nameof(argument));
            }
        }
    }

    extension(RuntimeHelpers)
    {
        // The analyzer's threads have full-size stacks and the parser's own depth limit holds.
        public static bool TryEnsureSufficientExecutionStack() => true;
    }
}
