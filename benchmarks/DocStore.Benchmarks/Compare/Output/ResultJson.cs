using System.Text.Json;
using System.Text.Json.Serialization;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Output;

/// <summary>
/// The <c>--json</c> file: <c>{ "mode", "machine", "timer_overhead_ns", "fsync_floor": {...},
/// "fsync_floor_unbuffered": {...} (null where the system has no unbuffered writes), "fsync_floor_by_workload":
/// { durable workload: { "buffered": {...}, "unbuffered": {...} } } (measured in that workload's rounds), "records": [
/// one per engine x workload: engine, workload, ops_per_sec, p50_us, p99_us, alloc_bytes_per_op, file_bytes, and on rows
/// that add documents documents and file_bytes_per_doc ] }</c>.
/// </summary>
public static class ResultJson
{
    public static void Write(string path, string mode, string machine, double timerOverheadNs, FsyncFloorResult? floor, FsyncFloorResult? unbufferedFloor, IReadOnlyDictionary<string, WorkloadFloor> floorsByWorkload, IReadOnlyList<ResultRecord> records)
    {
        var directory = Path.GetDirectoryName(Path.GetFullPath(path));
        if (directory is not null)
        {
            Directory.CreateDirectory(directory);
        }

        var report = new CompareReport(mode, machine, Math.Round(timerOverheadNs, 1), floor, unbufferedFloor, floorsByWorkload, records);
        File.WriteAllText(path, JsonSerializer.Serialize(report, CompareJsonContext.Default.CompareReport));
    }
}

/// <summary>The JSON document's shape.</summary>
public sealed record CompareReport(
    [property: JsonPropertyName("mode")] string Mode,
    [property: JsonPropertyName("machine")] string Machine,
    [property: JsonPropertyName("timer_overhead_ns")] double TimerOverheadNs,
    [property: JsonPropertyName("fsync_floor")] FsyncFloorResult? FsyncFloor,
    [property: JsonPropertyName("fsync_floor_unbuffered")] FsyncFloorResult? UnbufferedFsyncFloor,
    [property: JsonPropertyName("fsync_floor_by_workload")] IReadOnlyDictionary<string, WorkloadFloor> FsyncFloorByWorkload,
    [property: JsonPropertyName("records")] IReadOnlyList<ResultRecord> Records);

[JsonSourceGenerationOptions(WriteIndented = true)]
[JsonSerializable(typeof(CompareReport))]
internal sealed partial class CompareJsonContext : JsonSerializerContext;
