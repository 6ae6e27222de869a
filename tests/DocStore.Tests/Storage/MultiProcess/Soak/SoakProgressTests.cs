using Microsoft.Extensions.Time.Testing;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// The soak's hang guard on a clock the test moves: a process that prints slowly, each line taken in by
/// whichever look comes first, is never hung however long the wait; one that prints nothing while the others
/// go on is, once they printed enough and its silence lasted; a crew that prints nothing at all is too.
/// </summary>
public sealed class SoakProgressTests
{
    [Fact]
    public void A_process_printing_a_line_every_few_seconds_is_not_hung_however_long_the_wait()
    {
        var clock = new FakeTimeProvider();
        var progress = new SoakProgress(clock, memberLines: 0, crewLines: 0);
        long member = 0, crew = 0;

        // An hour of a machine so loaded that the awaited process prints every 3 s and the others 100 lines meanwhile.
        for (var step = 0; step < 1200; step++)
        {
            clock.Advance(TimeSpan.FromSeconds(3));
            (member, crew) = (member + 1, crew + 101);
            Assert.Null(progress.Look(member, crew));
        }
    }

    [Fact]
    public void A_silent_process_is_hung_once_the_others_printed_enough_and_its_silence_lasted()
    {
        var clock = new FakeTimeProvider();
        var progress = new SoakProgress(clock, memberLines: 5, crewLines: 50);
        var crew = 50L;

        // The others print the whole stall's worth at once: not yet, its silence is short.
        crew += SoakProgress.StallLines;
        Assert.Null(progress.Look(5, crew));

        // Its silence lasts while the others print slowly.
        for (var waited = TimeSpan.Zero; waited <= SoakProgress.MemberLimit; waited += TimeSpan.FromSeconds(1))
        {
            Assert.Null(progress.Look(5, ++crew));
            clock.Advance(TimeSpan.FromSeconds(1));
        }

        Assert.Contains("printed no line", progress.Look(5, ++crew), StringComparison.Ordinal);
    }

    [Fact]
    public void A_crew_printing_nothing_is_hung_after_the_quiet_limit_and_not_before()
    {
        var clock = new FakeTimeProvider();
        var progress = new SoakProgress(clock, memberLines: 0, crewLines: 0);
        clock.Advance(SoakProgress.QuietLimit);
        Assert.Null(progress.Look(0, 0));
        clock.Advance(TimeSpan.FromSeconds(1));
        Assert.Contains("no process printed", progress.Look(0, 0), StringComparison.Ordinal);
    }
}
