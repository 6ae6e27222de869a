using System.Globalization;

namespace DocStore.KillSoak;

/// <summary>
/// The writer's output lines. It prints <c>begin</c> with a transaction's effects before it commits and
/// <c>ack</c> once the commit returned: a killed writer may have committed the transaction it began last
/// without acknowledging it, and never one it did not begin. Every line ends with <see cref="End"/>, so a
/// line the kill cut short is ignored.
/// </summary>
public static class SoakLog
{
    /// <summary>The last token of every complete line.</summary>
    public const string End = ".";

    public static string Ready => $"ready {End}";

    public static string Begin(int writer, int tx, IEnumerable<Effect> effects) =>
        string.Create(CultureInfo.InvariantCulture, $"begin {writer} {tx} {string.Join(',', effects)} {End}");

    public static string Ack(int writer, int tx) => string.Create(CultureInfo.InvariantCulture, $"ack {writer} {tx} {End}");

    public static string Fail(string message) => $"fail {message.ReplaceLineEndings(" ")} {End}";

    /// <summary>Per writer, the acknowledged transactions in order and the one begun last without an acknowledgement; the lines a writer printed to report a failure.</summary>
    public static (Dictionary<int, WriterLog> Writers, List<string> Failures) Parse(IEnumerable<string> lines)
    {
        var writers = new Dictionary<int, WriterLog>();
        var failures = new List<string>();
        foreach (var line in lines)
        {
            var parts = line.Split(' ');
            if (parts[^1] != End)
            {
                continue;
            }

            if (parts[0] == "fail")
            {
                failures.Add(line);
                continue;
            }

            if (parts[0] is not ("begin" or "ack") || parts.Length < 4)
            {
                continue;
            }

            var writer = int.Parse(parts[1], CultureInfo.InvariantCulture);
            var tx = int.Parse(parts[2], CultureInfo.InvariantCulture);
            if (!writers.TryGetValue(writer, out var log))
            {
                writers[writer] = log = new WriterLog();
            }

            if (parts[0] == "begin")
            {
                log.Pending = (tx, [.. parts[3].Split(',', StringSplitOptions.RemoveEmptyEntries).Select(Effect.Parse)]);
            }
            else if (log.Pending is { } pending && pending.Tx == tx)
            {
                log.Acknowledged.Add(pending.Effects);
                log.Pending = null;
            }
            else
            {
                failures.Add($"writer {writer} acknowledged transaction {tx}, which it did not begin last");
            }
        }

        return (writers, failures);
    }

    /// <summary>What one writer printed.</summary>
    public sealed class WriterLog
    {
        public List<Effect[]> Acknowledged { get; } = [];

        /// <summary>The transaction begun last and not acknowledged: committed or not, but never in part.</summary>
        public (int Tx, Effect[] Effects)? Pending { get; set; }
    }
}

/// <summary>One operation's effect: in collection <c>i</c>tems or <c>n</c>otes, the key holds the document for Version, or (Version null) none.</summary>
public readonly record struct Effect(char Collection, long Id, int? Version)
{
    public static Effect Parse(string text)
    {
        var dot = text.IndexOf('.', StringComparison.Ordinal);
        return dot < 0
            ? new Effect(text[0], long.Parse(text.AsSpan(1), CultureInfo.InvariantCulture), null)
            : new Effect(text[0], long.Parse(text.AsSpan(1, dot - 1), CultureInfo.InvariantCulture), int.Parse(text.AsSpan(dot + 1), CultureInfo.InvariantCulture));
    }

    /// <summary>Applies the effect to a state: (collection, key) -> version.</summary>
    public void ApplyTo(IDictionary<(char, long), int> state)
    {
        if (Version is { } version)
        {
            state[(Collection, Id)] = version;
        }
        else
        {
            state.Remove((Collection, Id));
        }
    }

    public override string ToString() => Version is { } version
        ? string.Create(CultureInfo.InvariantCulture, $"{Collection}{Id}.{version}")
        : string.Create(CultureInfo.InvariantCulture, $"{Collection}{Id}");
}
