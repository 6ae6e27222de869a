using System.Globalization;

namespace DocStore.KillSoak;

/// <summary>What the rounds at one durability found, for the summary.</summary>
internal sealed class SoakTally
{
    public int Kills { get; set; }

    /// <summary>Kills timed from the child's start rather than from its ready line.</summary>
    public int EarlyKills { get; set; }

    public long Operations { get; set; }

    public long Transactions { get; set; }

    public int PendingCommitted { get; set; }

    public int PendingLost { get; set; }

    /// <summary>In-place compactions the child completed beside its writers.</summary>
    public int Compactions { get; set; }

    /// <summary>Completed dense copies and backups checked against what was acknowledged before their call.</summary>
    public int Copies { get; set; }

    /// <summary>Acknowledged transactions those copies were checked to hold, summed over the copies.</summary>
    public long CopiedTransactions { get; set; }

    public long Problems { get; set; }

    /// <summary>Rounds that found at least one problem.</summary>
    public int RoundsWithProblems { get; set; }

    public override string ToString() => string.Create(CultureInfo.InvariantCulture,
        $"kills: {Kills} ({EarlyKills} counted from the child's start); acknowledged operations checked: {Operations} in {Transactions} transactions; transactions in flight at the kill: {PendingCommitted} found committed, {PendingLost} not; in-place compactions: {Compactions}; copies and backups checked: {Copies}, against {CopiedTransactions} transactions acknowledged before their calls; problems found: {Problems} in {RoundsWithProblems} rounds");
}
