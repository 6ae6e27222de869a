using System.Globalization;
using System.Net;
using System.Text;
using DocStore.Benchmarks.Compare.Engines.DocStoreAdapter;
using DocStore.Benchmarks.Compare.Stats;

namespace DocStore.Benchmarks.Compare.Output;

/// <summary>
/// A horizontal bar chart, as plain SVG text, of DocStore's throughput divided by each peer's, per
/// workload, on a log scale centred on 1×: green bars to the right where DocStore leads, red to the left
/// where it trails.
/// </summary>
public static class RatioChart
{
    private const int LabelWidth = 250;
    private const int PlotWidth = 520;
    private const int RowHeight = 20;
    private const int Top = 40;
    private const double Decades = 2; // the axis spans 1/100x .. 100x; longer bars are clipped and labelled

    public static string Render(IReadOnlyList<ResultRecord> records, string title)
    {
        var rows = new List<(string Label, double Ratio)>();
        foreach (var group in records.GroupBy(r => r.Workload))
        {
            var docStore = group.FirstOrDefault(r => r.Engine is "DocStore" or DocStoreEngine.PostgresName);
            if (docStore is null)
            {
                continue;
            }

            foreach (var peer in group.Where(r => r != docStore))
            {
                rows.Add(($"{group.Key} vs {peer.Engine}", docStore.OpsPerSec / peer.OpsPerSec));
            }
        }

        var width = LabelWidth + PlotWidth + 80;
        var height = Top + (rows.Count * RowHeight) + 30;
        var centre = LabelWidth + (PlotWidth / 2.0);
        var perDecade = PlotWidth / 2.0 / Decades;
        var svg = new StringBuilder();
        svg.AppendLine(CultureInfo.InvariantCulture, $"""<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">""");
        svg.AppendLine(CultureInfo.InvariantCulture, $"""<text x="10" y="20" font-size="14" font-weight="bold">{WebUtility.HtmlEncode(title)}</text>""");
        foreach (var tick in new[] { 0.01, 0.1, 1, 10, 100 })
        {
            var x = centre + (Math.Log10(tick) * perDecade);
            svg.AppendLine(CultureInfo.InvariantCulture, $"""<line x1="{x:0.#}" y1="{Top - 5}" x2="{x:0.#}" y2="{height - 25}" stroke="{(tick == 1 ? "#333" : "#ddd")}"/>""");
            svg.AppendLine(CultureInfo.InvariantCulture, $"""<text x="{x:0.#}" y="{height - 10}" text-anchor="middle">{tick.ToString(CultureInfo.InvariantCulture)}×</text>""");
        }

        for (var i = 0; i < rows.Count; i++)
        {
            var (label, ratio) = rows[i];
            var y = Top + (i * RowHeight);
            var length = Math.Clamp(Math.Log10(ratio), -Decades, Decades) * perDecade;
            var x = length >= 0 ? centre : centre + length;
            var colour = ratio >= 1 ? "#2e7d32" : "#c62828";
            svg.AppendLine(CultureInfo.InvariantCulture, $"""<text x="{LabelWidth - 8}" y="{y + 14}" text-anchor="end">{WebUtility.HtmlEncode(label)}</text>""");
            svg.AppendLine(CultureInfo.InvariantCulture, $"""<rect x="{x:0.#}" y="{y + 3}" width="{Math.Max(Math.Abs(length), 1):0.#}" height="{RowHeight - 6}" fill="{colour}"/>""");
            // A trailing row's figure sits right of the 1x line, clear of the workload labels.
            var textX = centre + Math.Max(length, 0) + 4;
            svg.AppendLine(CultureInfo.InvariantCulture, $"""<text x="{textX:0.#}" y="{y + 14}">{ratio.ToString("0.00", CultureInfo.InvariantCulture)}×</text>""");
        }

        svg.AppendLine("</svg>");
        return svg.ToString();
    }
}
