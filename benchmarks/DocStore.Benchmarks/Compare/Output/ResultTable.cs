using System.Globalization;
using System.Text;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Options;
using DocStore.Benchmarks.Compare.Stats;
using DocStore.Benchmarks.Compare.Workloads;

namespace DocStore.Benchmarks.Compare.Output;

/// <summary>
/// The results as a Markdown table (readable on a console too): one row per workload and engine, with
/// each peer's throughput ratio to DocStore and, on durable rows, the fsync floor measured in the same
/// rounds, in the row's unit: buffered (the floor) / unbuffered. The file column adds the bytes per
/// document on rows that add documents, where each engine stores as many as it managed in its time.
/// </summary>
public static class ResultTable
{
    public static string Format(IReadOnlyList<ResultRecord> records, IReadOnlyList<Workload> workloads, Scale scale, IReadOnlyDictionary<string, WorkloadFloor> floors)
    {
        var text = new StringBuilder();
        text.AppendLine("| workload | unit | engine | ops/s | p50 µs | p99 µs | alloc B/op | file | DocStore ÷ engine | fsync floor (buffered / unbuffered) |");
        text.AppendLine("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
        foreach (var workload in workloads)
        {
            var rows = records.Where(r => r.Workload == workload.Name).ToList();
            var docStore = rows.FirstOrDefault(r => r.Engine == "DocStore");
            var floorText = floors.TryGetValue(workload.Name, out var floor)
                ? $"{Number(floor.Buffered.OpsPerSec * workload.ItemsPerOp(scale))}/s / {(floor.Unbuffered is { } unbuffered ? Number(unbuffered.OpsPerSec * workload.ItemsPerOp(scale)) + "/s" : "-")}"
                : "";
            foreach (var row in rows)
            {
                var ratio = docStore is null || row == docStore ? "" : (docStore.OpsPerSec / row.OpsPerSec).ToString("0.00", CultureInfo.InvariantCulture) + "×";
                text.AppendLine(CultureInfo.InvariantCulture, $"| {row.Workload} | {workload.Unit} | {row.Engine} | {Number(row.OpsPerSec)} | {Micro(row.P50Us)} | {Micro(row.P99Us)} | {row.AllocBytesPerOp:0} | {Bytes(row.FileBytes)}{PerDocument(row)} | {ratio} | {floorText} |");
            }
        }

        return text.ToString();
    }

    public static string Number(double value) => value switch
    {
        >= 1_000_000 => (value / 1_000_000).ToString("0.00", CultureInfo.InvariantCulture) + "M",
        >= 10_000 => (value / 1_000).ToString("0.0", CultureInfo.InvariantCulture) + "K",
        _ => value.ToString("0", CultureInfo.InvariantCulture),
    };

    private static string Micro(double value) => value.ToString(value < 10 ? "0.00" : value < 1000 ? "0.0" : "0", CultureInfo.InvariantCulture);

    private static string PerDocument(ResultRecord row) =>
        row.FileBytesPerDocument is { } perDocument ? string.Create(CultureInfo.InvariantCulture, $" ({perDocument:0} B/doc)") : "";

    private static string Bytes(long value) => value switch
    {
        0 => "-",
        >= 1 << 20 => (value / 1048576.0).ToString("0.0", CultureInfo.InvariantCulture) + " MiB",
        _ => (value / 1024.0).ToString("0", CultureInfo.InvariantCulture) + " KiB",
    };
}
