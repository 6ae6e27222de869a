namespace DocStore;

/// <summary>
/// Turns on the change log of a database and says how long it keeps changes
/// (<see cref="DocStoreOptions.ChangeRetention"/>; docs/guide/change-feed.md). Each write transaction of a
/// context with retention removes the oldest changes past either limit; the newest change always stays.
/// </summary>
public sealed class ChangeRetention
{
    /// <summary>Changes older than this are removed (by the <see cref="TimeProvider"/> of the writer). Null (the default): no age limit.</summary>
    public TimeSpan? MaxAge { get; init; }

    /// <summary>At most this many changes are kept. Default 100,000; null: no count limit.</summary>
    public long? MaxChanges { get; init; } = 100_000;

    /// <summary>The clock that dates changes and judges their age. Default <see cref="TimeProvider.System"/>.</summary>
    public TimeProvider TimeProvider { get; init; } = TimeProvider.System;

    /// <summary>The limits as an option conflict names them (<c>MaxAge=7.00:00:00,MaxChanges=100000</c>; <c>off</c> for null); the clock is not compared.</summary>
    internal static string Describe(ChangeRetention? retention) =>
        retention is null ? "off" : string.Create(System.Globalization.CultureInfo.InvariantCulture, $"MaxAge={retention.MaxAge?.ToString() ?? "none"},MaxChanges={retention.MaxChanges?.ToString(System.Globalization.CultureInfo.InvariantCulture) ?? "none"}");

    /// <summary>Checks the limits.</summary>
    /// <exception cref="ArgumentOutOfRangeException">A limit is zero or negative.</exception>
    internal void Validate()
    {
        if (MaxAge is { } age && age <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxAge), age, "ChangeRetention.MaxAge must be positive (or null for no age limit).");
        }

        if (MaxChanges is { } count && count < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxChanges), count, "ChangeRetention.MaxChanges must be at least 1 (or null for no count limit).");
        }

        ArgumentNullException.ThrowIfNull(TimeProvider, nameof(TimeProvider));
    }
}
