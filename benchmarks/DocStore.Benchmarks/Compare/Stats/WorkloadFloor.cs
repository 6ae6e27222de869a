using System.Text.Json.Serialization;

namespace DocStore.Benchmarks.Compare.Stats;

/// <summary>The fsync floor measured in a durable workload's own rounds, buffered and (where available) unbuffered.</summary>
public sealed record WorkloadFloor(
    [property: JsonPropertyName("buffered")] FsyncFloorResult Buffered,
    [property: JsonPropertyName("unbuffered")] FsyncFloorResult? Unbuffered);
