using DocStore.CrashHost.Soak;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// The processes of one soak on one database opened shared: writers, readers and a checkpointer (crash host
/// modes <c>soakwrite</c>, <c>soakread</c>, <c>soakcheckpoint</c>). It waits for their lines (events, with a
/// hang guard only), fails on a <c>bad</c> line or a process that ended by itself, and kills and restarts them.
/// Every failure message names the seed.
/// </summary>
internal sealed class SoakCrew : IDisposable
{
    private readonly Random _random;

    public SoakCrew(string path, int seed, int writers, int readers, bool checkpointer)
    {
        Path = path;
        Seed = seed;
        _random = new Random(seed);
        SharedSoak.Seed(path);
        Writers = [.. Enumerable.Range(1, writers).Select(i => new SoakMember(path, "soakwrite", $"w{i}"))];
        Readers = [.. Enumerable.Range(1, readers).Select(i => new SoakMember(path, "soakread", $"r{i}"))];
        Checkpointers = checkpointer ? [new SoakMember(path, "soakcheckpoint", "c1")] : [];
        foreach (var member in All)
        {
            member.Start(_random.Next());
        }
    }

    public string Path { get; }

    public int Seed { get; }

    public List<SoakMember> Writers { get; }

    public List<SoakMember> Readers { get; }

    public List<SoakMember> Checkpointers { get; }

    public IEnumerable<SoakMember> All => Writers.Concat(Readers).Concat(Checkpointers);

    /// <summary>The next seed for a process, from the crew's seed.</summary>
    public int NextSeed() => _random.Next();

    /// <summary>Waits until <paramref name="member"/>'s current process printed its <c>ready</c> line (at any time since it started).</summary>
    public void WaitForReady(SoakMember member) => WaitFor(member, l => l == "ready", 1, "its open", fromStart: true);

    /// <summary>
    /// Waits until <paramref name="member"/>'s current process printed <paramref name="count"/> more lines that
    /// match <paramref name="match"/> (counted from the lines taken in so far, or from its start), taking in
    /// every process's lines meanwhile. Returns the last one. Fails as hung only when the crew stops making
    /// progress (<see cref="SoakProgress"/>), however long a slow machine makes the wait.
    /// </summary>
    public string WaitFor(SoakMember member, Func<string, bool> match, int count, string what, bool fromStart = false)
    {
        var found = 0;
        var seen = fromStart ? 0 : member.Current.Lines.Count;
        var progress = new SoakProgress(TimeProvider.System, member.Current.Lines.Count, CrewLines());
        while (true)
        {
            PumpAll();
            for (; seen < member.Current.Lines.Count; seen++)
            {
                if (match(member.Current.Lines[seen]) && ++found == count)
                {
                    return member.Current.Lines[seen];
                }
            }

            // Every line counts, whether this wait or PumpAll took it in.
            _ = member.Next(TimeSpan.FromMilliseconds(200));
            if (progress.Look(member.Current.Lines.Count, CrewLines()) is { } hung)
            {
                Assert.Fail($"seed {Seed}: hung: waiting for {what} of {member.Current.Id}, {hung}");
            }
        }
    }

    // Every line of every generation of the crew taken in so far.
    private long CrewLines() => All.Sum(m => m.Generations.Sum(g => (long)g.Lines.Count));

    /// <summary>Takes in every process's lines; fails on a <c>bad</c> line or a process that ended by itself.</summary>
    public void PumpAll()
    {
        foreach (var member in All)
        {
            var running = member.Pump();
            if (member.Current.Lines.FirstOrDefault(l => l.StartsWith("bad", StringComparison.Ordinal)) is { } bad)
            {
                Assert.Fail($"seed {Seed}: {member.Current.Id} reported: {bad}");
            }

            if (!running)
            {
                Assert.Fail($"seed {Seed}: {member.Current.Id} ended by itself: {member.Ended.Errors}");
            }
        }
    }

    /// <summary>Kills <paramref name="member"/> and starts its next generation.</summary>
    public void Restart(SoakMember member)
    {
        member.Kill();
        member.Start(NextSeed());
    }

    /// <summary>Kills every process at once, as a crash of the whole machine's processes (not of the machine) would.</summary>
    public void KillAll()
    {
        PumpAll();
        foreach (var member in All)
        {
            member.Kill();
        }
    }

    public void Dispose()
    {
        foreach (var member in All)
        {
            member.Dispose();
        }
    }
}
