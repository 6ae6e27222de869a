using System.Globalization;
using System.Text;
using DocStore.Benchmarks.Compare.Engines;
using DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;
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
            var docStore = rows.FirstOrDefault(r => r.Engine is "DocStore" or DocStoreEngine.PostgresName)
                ?? rows.FirstOrDefault(r => r.Engine is DocStoreEngine.SharedName);
            var floorText = floors.TryGetValue(workload.Name, out var floor)
                ? $"{ResultFormat.Number(floor.Buffered.OpsPerSec * workload.ItemsPerOp(scale))}/s / {(floor.Unbuffered is { } unbuffered ? ResultFormat.Number(unbuffered.OpsPerSec * workload.ItemsPerOp(scale)) + "/s" : "-")}"
                : "";
            foreach (var row in rows)
            {
                var ratio = docStore is null || row == docStore ? "" : ResultFormat.Ratio(docStore.OpsPerSec, row.OpsPerSec);
                text.AppendLine(CultureInfo.InvariantCulture, $"| {row.Workload} | {workload.Unit} | {row.Engine} | {ResultFormat.Number(row.OpsPerSec)} | {ResultFormat.Micro(row.P50Us)} | {ResultFormat.Micro(row.P99Us)} | {ResultFormat.Allocated(row.AllocBytesPerOp)} | {ResultFormat.Bytes(row.FileBytes)}{PerDocument(row)} | {ratio} | {floorText} |");
            }

            // Rows of a writer beside the readers: its commits per second, on a line of its own.
            foreach (var row in rows.Where(r => r.WriterOpsPerSec is not null))
            {
                var ratio = docStore?.WriterOpsPerSec is not { } own || row == docStore ? "" : ResultFormat.Ratio(own, row.WriterOpsPerSec!.Value);
                text.AppendLine(CultureInfo.InvariantCulture, $"| {row.Workload} (writer) | commit | {row.Engine} | {ResultFormat.Number(row.WriterOpsPerSec!.Value)} | | | | | {ratio} | |");
            }
        }

        return text.ToString();
    }

    private static string PerDocument(ResultRecord row) =>
        row.FileBytesPerDocument is { } perDocument ? string.Create(CultureInfo.InvariantCulture, $" ({perDocument:0} B/doc)") : "";
}
