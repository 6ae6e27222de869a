using System.Globalization;
using DocStore.Benchmarks.Space;
using DocStore.Tests.Support;

namespace DocStore.Tests.Benchmarks;

/// <summary>Runs <c>document-sizes</c> in-process on a few documents so the command never rots.</summary>
public sealed class DocumentSizesSmokeTests
{
    [Fact]
    public void Prints_one_row_per_size_band_with_each_engines_files()
    {
        using var temp = new TempDirectory();
        var output = new StringWriter();

        var exit = DocumentSizesCommand.Run(["--docs", "200", "--page-size", "4096", "--dir", temp.Path], output);

        Assert.Equal(0, exit);
        var text = output.ToString();
        Assert.Contains("DocStore page size 4096", text);
        var rows = text.Split('\n').Where(line => line.StartsWith("| ", StringComparison.Ordinal) && char.IsDigit(line[2])).ToList();
        Assert.Equal(["512-2048", "1024-4096", "4096-8192", "8192-16384", "16384-65536"], rows.Select(r => r.Split('|')[1].Trim()));
        foreach (var row in rows)
        {
            var cells = row.Split('|', StringSplitOptions.TrimEntries);
            // Two engines, each "open / closed" in MiB, and the closed ratio.
            var sizes = cells[2..4].SelectMany(c => c.Split(" / ")).Select(v => double.Parse(v, CultureInfo.InvariantCulture)).ToList();
            Assert.All(sizes, size => Assert.True(size > 0, row));
            var ratio = double.Parse(cells[4].TrimEnd('x'), CultureInfo.InvariantCulture);
            // The ratio comes from the exact byte counts, the printed sizes are rounded to 0.01 MiB.
            Assert.InRange(ratio, sizes[1] / sizes[3] * 0.95, sizes[1] / sizes[3] * 1.05);
        }

        Assert.False(Directory.EnumerateFileSystemEntries(temp.Path).Any(), "the command leaves no databases behind");
    }
}
