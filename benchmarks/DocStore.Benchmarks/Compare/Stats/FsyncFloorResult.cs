using System.Text.Json.Serialization;

namespace DocStore.Benchmarks.Compare.Stats;

/// <summary>The machine's floor for a durable commit: one 8 KiB write plus fsync, looped.</summary>
public sealed record FsyncFloorResult(
    [property: JsonPropertyName("ops_per_sec")] double OpsPerSec,
    [property: JsonPropertyName("p50_us")] double P50Us,
    [property: JsonPropertyName("p99_us")] double P99Us);
