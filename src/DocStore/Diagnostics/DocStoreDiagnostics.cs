namespace DocStore;

/// <summary>
/// Names to subscribe to DocStore's telemetry: the <see cref="System.Diagnostics.Metrics.Meter"/> (commits,
/// fsync and checkpoint latency, page cache, WAL size, documents per collection) and the
/// <see cref="System.Diagnostics.ActivitySource"/> (checkpoints, SQL statements, backup, compaction).
/// Instrument names and units are listed in docs/observability.md.
/// </summary>
public static class DocStoreDiagnostics
{
    /// <summary>The meter's name: <c>builder.WithMetrics(m => m.AddMeter(DocStoreDiagnostics.MeterName))</c>, or <c>dotnet-counters monitor --counters DocStore</c>.</summary>
    public const string MeterName = Diagnostics.DocStoreMetrics.Name;

    /// <summary>The activity source's name: <c>builder.WithTracing(t => t.AddSource(DocStoreDiagnostics.ActivitySourceName))</c>.</summary>
    public const string ActivitySourceName = Diagnostics.DocStoreMetrics.Name;
}
