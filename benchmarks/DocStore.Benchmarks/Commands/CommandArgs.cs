using System.Globalization;

namespace DocStore.Benchmarks.Commands;

/// <summary>The <c>--name value</c> options of the small commands (<c>space</c>, <c>load-memory</c>).</summary>
internal static class CommandArgs
{
    /// <summary>The value after <paramref name="name"/>, or null when the option is absent.</summary>
    public static string? Text(string[] args, string name)
    {
        var index = Array.IndexOf(args, name);
        return index >= 0 && index + 1 < args.Length ? args[index + 1] : null;
    }

    /// <summary>The integer after <paramref name="name"/>, or <paramref name="fallback"/> when the option is absent.</summary>
    public static int Int(string[] args, string name, int fallback) =>
        Text(args, name) is { } value ? int.Parse(value, CultureInfo.InvariantCulture) : fallback;
}
