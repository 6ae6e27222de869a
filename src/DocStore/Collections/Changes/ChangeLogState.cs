namespace DocStore.Collections.Changes;

/// <summary>
/// What a write transaction knows of the change log once it wrote its first change: the next position
/// (read once under the write lock), the oldest entry retention has not removed, and the clock reading
/// all its changes carry.
/// </summary>
/// <param name="first">The position of the transaction's first change.</param>
/// <param name="unixMilliseconds">The writer's clock at that change.</param>
internal sealed class ChangeLogState(long first, long unixMilliseconds)
{
    /// <summary>The position of the transaction's first change, which all its changes carry.</summary>
    public long CommitPosition { get; } = first;

    /// <summary>The position of the next change.</summary>
    public long Next { get; set; } = first;

    /// <summary>The oldest entry retention has not planned to remove; 0 until retention first looks.</summary>
    public long Oldest { get; set; }

    /// <summary>True once the oldest entry was found younger than MaxAge: this transaction removes none by age.</summary>
    public bool YoungEnough { get; set; }

    /// <summary>When the transaction wrote its first change, Unix milliseconds.</summary>
    public long UnixMilliseconds { get; } = unixMilliseconds;
}
