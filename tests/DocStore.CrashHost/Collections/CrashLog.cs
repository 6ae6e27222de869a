using System.Globalization;

namespace DocStore.CrashHost.Collections;

/// <summary>
/// The collection workload's output lines. A writer prints <c>begin</c> with a transaction's effects
/// before it commits, and <c>ack</c> after the commit returned; a killed process may have committed its
/// last begun transaction without acknowledging it, and never committed one it did not begin. Each line
/// ends with <see cref="End"/>: a line cut short by the kill lacks it and is ignored, so a torn
/// <c>ack 0 12</c> is never read as <c>ack 0 1</c>.
/// </summary>
public static class CrashLog
{
    /// <summary>The last token of every complete line.</summary>
    public const string End = ".";

    /// <summary>The line a writer prints before committing <paramref name="effects"/> as transaction <paramref name="tx"/>.</summary>
    public static string Begin(int writer, int tx, IEnumerable<Effect> effects) =>
        string.Create(CultureInfo.InvariantCulture, $"begin {writer} {tx} {string.Join(',', effects.Select(e => e.ToString()))} {End}");

    /// <summary>The line a writer prints after transaction <paramref name="tx"/> committed.</summary>
    public static string Ack(int writer, int tx) => string.Create(CultureInfo.InvariantCulture, $"ack {writer} {tx} {End}");

    /// <summary>The line printed when the workload meets an outcome it did not expect; the test fails on it.</summary>
    public static string Fail(string message) => $"fail {message.ReplaceLineEndings(" ")} {End}";

    /// <summary>Reads the complete lines of one run: per writer, the acknowledged transactions in order and the one it began last without an acknowledgement.</summary>
    /// <param name="lines">The lines the process printed.</param>
    /// <returns>Per writer.</returns>
    /// <exception cref="InvalidOperationException">A <c>fail</c> line, or an acknowledgement that does not follow its begin.</exception>
    public static Dictionary<int, WriterLog> Parse(IEnumerable<string> lines)
    {
        var writers = new Dictionary<int, WriterLog>();
        foreach (var line in lines)
        {
            var parts = line.Split(' ');
            if (parts[^1] != End)
            {
                continue;
            }

            if (parts[0] == "fail")
            {
                throw new InvalidOperationException("The workload failed: " + line);
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
                throw new InvalidOperationException($"Writer {writer} acknowledged transaction {tx}, which it did not begin last.");
            }
        }

        return writers;
    }

    /// <summary>What one writer printed.</summary>
    public sealed class WriterLog
    {
        /// <summary>The acknowledged transactions' effects, in commit order.</summary>
        public List<Effect[]> Acknowledged { get; } = [];

        /// <summary>The transaction begun last and not acknowledged: committed or not, but never in part.</summary>
        public (int Tx, Effect[] Effects)? Pending { get; set; }
    }

    /// <summary>One operation's effect: the key holds <see cref="CrashItems.Create"/>(Id, Version), or (Version null) no document.</summary>
    /// <param name="Op">The operation: <c>i</c>nsert, <c>u</c>pdate, up<c>s</c>ert or <c>d</c>elete.</param>
    /// <param name="Id">The key.</param>
    /// <param name="Version">The version written, or null for a delete.</param>
    public readonly record struct Effect(char Op, int Id, int? Version)
    {
        /// <summary>Applies the effect to a key -> version model.</summary>
        public void ApplyTo(IDictionary<int, int> model)
        {
            if (Version is { } version)
            {
                model[Id] = version;
            }
            else
            {
                model.Remove(Id);
            }
        }

        /// <summary>Reads <c>i12.5</c> or <c>d12</c>.</summary>
        public static Effect Parse(string text)
        {
            var dot = text.IndexOf('.', StringComparison.Ordinal);
            return dot < 0
                ? new Effect(text[0], int.Parse(text.AsSpan(1), CultureInfo.InvariantCulture), null)
                : new Effect(text[0], int.Parse(text.AsSpan(1, dot - 1), CultureInfo.InvariantCulture), int.Parse(text.AsSpan(dot + 1), CultureInfo.InvariantCulture));
        }

        /// <inheritdoc/>
        public override string ToString() => Version is { } version
            ? string.Create(CultureInfo.InvariantCulture, $"{Op}{Id}.{version}")
            : string.Create(CultureInfo.InvariantCulture, $"{Op}{Id}");
    }
}
