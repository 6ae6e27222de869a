using System.Text.Json.Serialization;

namespace DocStore.Benchmarks.Compare.Stats;

/// <summary>
/// One engine x workload result, exactly the fields the issue asks for in the JSON. Throughput counts the
/// workload's items (documents for batches and scans, operations otherwise); allocation is per item.
/// </summary>
public sealed record ResultRecord(
    [property: JsonPropertyName("engine")] string Engine,
    [property: JsonPropertyName("workload")] string Workload,
    [property: JsonPropertyName("ops_per_sec")] double OpsPerSec,
    [property: JsonPropertyName("p50_us")] double P50Us,
    [property: JsonPropertyName("p99_us")] double P99Us,
    [property: JsonPropertyName("alloc_bytes_per_op")] double AllocBytesPerOp,
    [property: JsonPropertyName("file_bytes")] long FileBytes,
    [property: JsonPropertyName("documents"), JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] long? Documents = null,
    [property: JsonPropertyName("writer_ops_per_sec"), JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)] double? WriterOpsPerSec = null)
{
    /// <summary>Bytes on disk per stored document, for rows where engines store different numbers of them.</summary>
    [JsonPropertyName("file_bytes_per_doc")]
    [JsonIgnore(Condition = JsonIgnoreCondition.WhenWritingNull)]
    public double? FileBytesPerDocument => Documents is > 0 and var n ? (double)FileBytes / n : null;
}
