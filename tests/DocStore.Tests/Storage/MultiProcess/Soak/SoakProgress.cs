using System.Globalization;
using DocStore.Tests.Support;

namespace DocStore.Tests.Storage.MultiProcess.Soak;

/// <summary>
/// The hang guard of one wait for a soak process's lines, on progress rather than on the wait's length: a
/// loaded machine slows every process alike, so a wait may last long while lines keep coming. It reports a
/// hang only when the whole crew printed nothing for <see cref="QuietLimit"/>, or when the awaited process
/// printed nothing while the others printed <see cref="StallLines"/> lines and <see cref="MemberLimit"/> passed.
/// </summary>
internal sealed class SoakProgress
{
    /// <summary>How long every process may stay silent at once.</summary>
    public static readonly TimeSpan QuietLimit = HangGuard.Limit * 3;

    /// <summary>How long the awaited process may stay silent while the others print (with <see cref="StallLines"/>).</summary>
    public static readonly TimeSpan MemberLimit = HangGuard.Limit;

    /// <summary>How many lines the others may print while the awaited process prints none (with <see cref="MemberLimit"/>).</summary>
    public const long StallLines = 20_000;

    private readonly TimeProvider _clock;
    private long _memberLines;
    private long _crewLines;
    private long _othersSinceMember;
    private long _memberAt;
    private long _crewAt;

    /// <param name="clock">Measures the silences.</param>
    /// <param name="memberLines">Lines the awaited process printed so far.</param>
    /// <param name="crewLines">Lines the whole crew (the awaited process too) printed so far.</param>
    public SoakProgress(TimeProvider clock, long memberLines, long crewLines)
    {
        _clock = clock;
        (_memberLines, _crewLines) = (memberLines, crewLines);
        _memberAt = _crewAt = clock.GetTimestamp();
    }

    /// <summary>Takes the counts now; null while something moves, else why the wait is hung.</summary>
    public string? Look(long memberLines, long crewLines)
    {
        var now = _clock.GetTimestamp();
        var others = crewLines - _crewLines - (memberLines - _memberLines);
        if (memberLines > _memberLines)
        {
            (_memberLines, _memberAt, _othersSinceMember) = (memberLines, now, 0);
        }
        else
        {
            _othersSinceMember += others;
        }

        if (crewLines > _crewLines)
        {
            (_crewLines, _crewAt) = (crewLines, now);
        }

        if (_clock.GetElapsedTime(_crewAt, now) > QuietLimit)
        {
            return string.Create(CultureInfo.InvariantCulture, $"no process printed a line for {QuietLimit}");
        }

        return _othersSinceMember >= StallLines && _clock.GetElapsedTime(_memberAt, now) > MemberLimit
            ? string.Create(CultureInfo.InvariantCulture, $"it printed no line for {_clock.GetElapsedTime(_memberAt, now)} while the others printed {_othersSinceMember}")
            : null;
    }
}
