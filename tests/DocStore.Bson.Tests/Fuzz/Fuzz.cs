using System.Globalization;

namespace DocStore.Tests.Fuzzing;

/// <summary>
/// The fuzz suites' harness (docs/format.md, "Fuzzing"). Each target turns a seeded random stream into
/// inputs and feeds them to the code under test on a worker thread, failing when an input throws an
/// exception the target does not allow, or hangs: runs for <see cref="InputHangLimit"/>, a limit that only
/// catches a hang. The normal run uses a fixed seed and a fixed number of inputs, so it does the same work
/// however loaded the machine; setting <see cref="IterationsVariable"/> runs that many inputs per target
/// instead, from a new seed each run (or <see cref="SeedVariable"/>'s), named in every failure so that it
/// can be replayed.
/// </summary>
/// <remarks>Shared by the test projects (linked into DocStore.Generators.RuntimeTests).</remarks>
internal static class Fuzz
{
    /// <summary>Inputs per target for a long run: <c>DOCSTORE_FUZZ_ITERATIONS=1000000</c>.</summary>
    public const string IterationsVariable = "DOCSTORE_FUZZ_ITERATIONS";

    /// <summary>The seed of a long run, to replay a failure it reported.</summary>
    public const string SeedVariable = "DOCSTORE_FUZZ_SEED";

    /// <summary>How long one input may run before it is reported as a hang: far beyond any input's real cost.</summary>
    public static readonly TimeSpan InputHangLimit = TimeSpan.FromMinutes(1);

    /// <summary>The inputs per target that <see cref="IterationsVariable"/> asks for, or null in the normal run.</summary>
    public static int? LongRunIterations =>
        int.TryParse(Environment.GetEnvironmentVariable(IterationsVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n : null;

    private static readonly int RunSeed =
        int.TryParse(Environment.GetEnvironmentVariable(SeedVariable), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var s) ? s
        : LongRunIterations is null ? 0 : Environment.TickCount;

    /// <summary>
    /// Feeds <paramref name="next"/>'s inputs to <paramref name="consume"/>: <paramref name="normalCases"/> of
    /// them in the normal run, in a long run as many as <see cref="IterationsVariable"/> says.
    /// <paramref name="consume"/> returns whether the input was rejected (threw an allowed exception); any
    /// exception that escapes it fails the run.
    /// </summary>
    /// <returns>How many inputs ran and how many were rejected.</returns>
    public static (int Cases, int Rejected) Run<TInput>(
        string target, int seed, int normalCases,
        Func<Random, TInput> next, Func<TInput, bool> consume, Func<TInput, string> describe)
    {
        var cases = LongRunIterations ?? normalCases;
        var fullSeed = seed ^ RunSeed;
        var random = new Random(fullSeed);
        var done = 0;
        var rejected = 0;
        var current = default(TInput);
        var consuming = false;
        Exception? failure = null;

        // The inputs run one after another on a thread of their own; this one only watches that each ends.
        var worker = new Thread(() =>
        {
            try
            {
                for (; Volatile.Read(ref done) < cases; Volatile.Write(ref done, done + 1))
                {
                    current = next(random);
                    consuming = true;
                    rejected += consume(current) ? 1 : 0;
                    consuming = false;
                }
            }
            catch (Exception e)
            {
                failure = e;
            }
        })
        {
            // A hung input keeps its thread; it is left behind.
            IsBackground = true,
            Name = "fuzz " + target,
        };
        worker.Start();
        for (var seen = -1; !worker.Join(InputHangLimit); seen = Volatile.Read(ref done))
        {
            if (Volatile.Read(ref done) == seen)
            {
                Assert.Fail($"{Where(target, fullSeed, seen)}: the input ran for over {InputHangLimit.TotalSeconds:0} s (a hang): {Describe()}");
            }
        }

        if (failure is not null)
        {
            Assert.Fail($"{Where(target, fullSeed, done)}: {failure.GetType().Name} on {Describe()}\n{failure}");
        }

        return (done, rejected);

        string Describe() => consuming ? describe(current!) : "the input's generation";
    }

    private static string Where(string target, int fullSeed, int @case) => $"{target}, seed {fullSeed} ({SeedVariable}={RunSeed}), case {@case}";

    /// <summary>Runs <paramref name="action"/>; true when it threw an exception <paramref name="allowed"/> accepts, false when it returned.</summary>
    public static bool Rejects(Action action, Func<Exception, bool> allowed)
    {
        try
        {
            action();
            return false;
        }
        catch (Exception e) when (allowed(e))
        {
            return true;
        }
    }

    /// <summary>Whether <paramref name="e"/> is exactly <typeparamref name="T"/> (a subclass is another exception).</summary>
    public static bool Is<T>(Exception e)
        where T : Exception => e.GetType() == typeof(T);

    /// <summary>Hex of at most the first 512 bytes.</summary>
    public static string Hex(byte[] bytes) => bytes.Length <= 512 ? Convert.ToHexString(bytes) : Convert.ToHexString(bytes, 0, 512) + $"... ({bytes.Length} bytes)";

    /// <summary>A string with its non-ASCII and control characters escaped.</summary>
    public static string Escape(string text) => string.Concat(text.Select(c => c is >= ' ' and <= '~' ? c.ToString() : $"\\u{(int)c:X4}"));
}
