using System.Globalization;

namespace DocStore.Tests.Fuzzing;

/// <summary>
/// The fuzz suites' harness (docs/format.md, "Fuzzing"). Each target turns a seeded random stream into
/// inputs and feeds each to the code under test on a worker task, failing when an input throws an
/// exception the target does not allow or runs longer than <see cref="InputTimeLimit"/> (a hang or a
/// quadratic blow-up). The normal run uses a fixed seed and a small number of inputs within a time budget;
/// setting <see cref="IterationsVariable"/> runs that many inputs per target instead, with no budget, from
/// a new seed each run (or <see cref="SeedVariable"/>'s), named in every failure so that it can be replayed.
/// </summary>
/// <remarks>Shared by the test projects (linked into DocStore.Generators.RuntimeTests).</remarks>
internal static class Fuzz
{
    /// <summary>Inputs per target for a long run: <c>DOCSTORE_FUZZ_ITERATIONS=1000000</c>.</summary>
    public const string IterationsVariable = "DOCSTORE_FUZZ_ITERATIONS";

    /// <summary>The seed of a long run, to replay a failure it reported.</summary>
    public const string SeedVariable = "DOCSTORE_FUZZ_SEED";

    /// <summary>How long one input may take.</summary>
    public static readonly TimeSpan InputTimeLimit = TimeSpan.FromSeconds(1);

    /// <summary>The inputs per target that <see cref="IterationsVariable"/> asks for, or null in the normal run.</summary>
    public static int? LongRunIterations =>
        int.TryParse(Environment.GetEnvironmentVariable(IterationsVariable), NumberStyles.None, CultureInfo.InvariantCulture, out var n) && n > 0 ? n : null;

    private static readonly int RunSeed =
        int.TryParse(Environment.GetEnvironmentVariable(SeedVariable), NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out var s) ? s
        : LongRunIterations is null ? 0 : Environment.TickCount;

    /// <summary>
    /// Feeds <paramref name="next"/>'s inputs to <paramref name="consume"/>: in the normal run up to
    /// <paramref name="normalCases"/> of them within <paramref name="normalBudget"/>, in a long run as many as
    /// <see cref="IterationsVariable"/> says. <paramref name="consume"/> returns whether the input was
    /// rejected (threw an allowed exception); any exception that escapes it fails the run.
    /// </summary>
    /// <returns>How many inputs ran and how many were rejected.</returns>
    public static (int Cases, int Rejected) Run<TInput>(
        string target, int seed, int normalCases, TimeSpan normalBudget,
        Func<Random, TInput> next, Func<TInput, bool> consume, Func<TInput, string> describe)
    {
        var longRun = LongRunIterations;
        var cases = longRun ?? normalCases;
        var budget = longRun is null ? normalBudget : Timeout.InfiniteTimeSpan;
        var fullSeed = seed ^ RunSeed;
        var random = new Random(fullSeed);
        using var worker = new Worker();
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var rejected = 0;
        var done = 0;
        for (; done < cases && (budget == Timeout.InfiniteTimeSpan || clock.Elapsed < budget); done++)
        {
            var input = next(random);
            var where = $"{target}, seed {fullSeed} ({SeedVariable}={RunSeed}), case {done}";
            switch (worker.Run(() => consume(input), InputTimeLimit, out var outcome, out var failure))
            {
                case false:
                    Assert.Fail($"{where}: the input took longer than {InputTimeLimit.TotalSeconds:0.#} s: {describe(input)}");
                    break;
                case true when failure is not null:
                    Assert.Fail($"{where}: {failure.GetType().Name} on {describe(input)}\n{failure}");
                    break;
                default:
                    rejected += outcome ? 1 : 0;
                    break;
            }
        }

        return (done, rejected);
    }

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

    // One dedicated task runs the inputs, so a hang is caught by a timed wait instead of stalling the test.
    private sealed class Worker : IDisposable
    {
        private readonly SemaphoreSlim _go = new(0);
        private readonly SemaphoreSlim _done = new(0);
        private readonly Task _loop;
        private Func<bool>? _action;
        private bool _outcome;
        private Exception? _failure;
        private volatile bool _stop;
        private bool _stuck;

        public Worker() => _loop = Task.Factory.StartNew(Loop, CancellationToken.None, TaskCreationOptions.LongRunning, TaskScheduler.Default);

        /// <summary>False when the action did not finish in time; otherwise true, with its result or the exception it threw.</summary>
        public bool Run(Func<bool> action, TimeSpan limit, out bool outcome, out Exception? failure)
        {
            _action = action;
            _failure = null;
            _go.Release();
            if (!_done.Wait(limit))
            {
                _stuck = true;
                outcome = false;
                failure = null;
                return false;
            }

            outcome = _outcome;
            failure = _failure;
            return true;
        }

        private void Loop()
        {
            while (true)
            {
                _go.Wait();
                if (_stop)
                {
                    return;
                }

                try
                {
                    _outcome = _action!();
                }
                catch (Exception e)
                {
                    _failure = e;
                }

                _done.Release();
            }
        }

        public void Dispose()
        {
            // A stuck input keeps its thread (a background one) busy; it is left behind.
            _stop = true;
            _go.Release();
            if (!_stuck)
            {
                _loop.Wait();
                _go.Dispose();
                _done.Dispose();
            }
        }
    }
}
