namespace DocStore.Collections.Changes;

/// <summary>Entries read in one snapshot.</summary>
/// <param name="Records">The entries wanted, in position order.</param>
/// <param name="Last">The last position looked at; null when the log holds nothing yet.</param>
/// <param name="HasLog">False when the file has no change log yet.</param>
/// <param name="Log">The identity of the change log (0 without one).</param>
internal readonly record struct ChangeBatch(List<ChangeRecord> Records, long? Last, bool HasLog, ulong Log);
