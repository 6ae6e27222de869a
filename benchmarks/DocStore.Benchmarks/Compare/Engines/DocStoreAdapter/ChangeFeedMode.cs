namespace DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;

/// <summary>How a DocStore engine of the harness uses the change log.</summary>
internal enum ChangeFeedMode
{
    /// <summary>No change log (the default engine).</summary>
    Off,

    /// <summary>The change log is written; nobody reads it.</summary>
    LogOnly,

    /// <summary>The change log is written and one consumer reads <c>db.Changes()</c> beside the writer.</summary>
    Consumer,
}
