namespace DocStore.Query;

/// <summary>
/// A stretch of a tree's keys: from <see cref="Low"/> (inclusive, or with <see cref="LowExclusive"/> past
/// every key starting with it) up to <see cref="High"/> (every key below it, and with
/// <see cref="HighInclusive"/> every key starting with it; null: to the end). Encoded keys are prefix-free
/// per component, so "starting with" is "equal in the leading components", and a string prefix bound
/// admits the strings that start with it.
/// </summary>
/// <param name="Low">The lower bound (empty: from the first key).</param>
/// <param name="LowExclusive">True to start past every key that starts with <paramref name="Low"/>.</param>
/// <param name="High">The upper bound; null for none.</param>
/// <param name="HighInclusive">True to admit the keys that start with <paramref name="High"/>.</param>
internal readonly record struct KeyInterval(byte[] Low, bool LowExclusive, byte[]? High, bool HighInclusive)
{
    /// <summary>Every key of the tree.</summary>
    public static KeyInterval All => new([], false, null, false);

    /// <summary>Every key that starts with <paramref name="prefix"/>.</summary>
    public static KeyInterval Prefix(byte[] prefix) => new(prefix, false, prefix, true);

    /// <summary>True when <paramref name="key"/> is not below the interval (the stop test of a backward walk).</summary>
    public bool AboveLow(ReadOnlySpan<byte> key) =>
        LowExclusive ? key.SequenceCompareTo(Low) > 0 && !key.StartsWith(Low) : key.SequenceCompareTo(Low) >= 0;

    /// <summary>True when <paramref name="key"/> is not above the interval (the stop test of a forward walk).</summary>
    public bool BelowHigh(ReadOnlySpan<byte> key) =>
        High is null || key.SequenceCompareTo(High) < 0 || (HighInclusive && key.StartsWith(High));
}
