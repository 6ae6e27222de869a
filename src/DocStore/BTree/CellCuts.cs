using DocStore.Storage.Pages;

namespace DocStore.BTree;

/// <summary>
/// Where a run of cells is cut over two pages, and the separator that goes up for the cut: what splits,
/// the evening out of siblings and merges share.
/// </summary>
internal static class CellCuts
{
    /// <summary>
    /// Where to cut <paramref name="cells"/> so both sides fit and hold about half the bytes each;
    /// <paramref name="middle"/> is 1 when the cut cell moves up (branches) and 0 otherwise (leaves).
    /// </summary>
    public static int Balanced(List<byte[]> cells, int middle, int pageSize)
    {
        var usable = pageSize - PageLayout.HeaderSize;
        var total = Node.Size(cells, 0, cells.Count);
        var cut = 1;
        var leftBytes = cells[0].Length + 2;
        while (cut < cells.Count - 1 - middle && leftBytes + cells[cut].Length + 2 <= total / 2)
        {
            leftBytes += cells[cut].Length + 2;
            cut++;
        }

        while (Node.Size(cells, cut + middle, cells.Count) > usable && cut < cells.Count - 1 - middle)
        {
            cut++;
        }

        while (Node.Size(cells, 0, cut) > usable && cut > 1)
        {
            cut--;
        }

        return cut;
    }

    /// <summary>
    /// Moves a leaf cut from <paramref name="balanced"/> to where neighbouring keys share the shortest prefix,
    /// among the cuts that leave each side at least three eighths of the bytes (the nearest to the balanced
    /// cut on ties). Index keys are runs that share a field value and differ in the trailing document key,
    /// and new documents extend runs at their ends: a cut between runs leaves both sides with run ends that
    /// keep filling, where a cut inside a run leaves its first part as full as the cut left it, for good.
    /// </summary>
    public static int AtRunBoundary(List<byte[]> cells, int balanced, int pageSize)
    {
        var usable = pageSize - PageLayout.HeaderSize;
        var total = Node.Size(cells, 0, cells.Count);
        var best = balanced;
        var bestCommon = int.MaxValue;
        var left = 0;
        for (var cut = 1; cut < cells.Count; cut++)
        {
            left += cells[cut - 1].Length + 2;
            if (total - left < total * 3 / 8)
            {
                break;
            }

            if (left < total * 3 / 8 || left > usable || total - left > usable)
            {
                continue;
            }

            var common = Node.CellKey(cells[cut - 1]).CommonPrefixLength(Node.CellKey(cells[cut]));
            if (common < bestCommon || (common == bestCommon && Math.Abs(cut - balanced) < Math.Abs(best - balanced)))
            {
                best = cut;
                bestCommon = common;
            }
        }

        return best;
    }

    /// <summary>The shortest prefix of <paramref name="right"/> that is greater than <paramref name="left"/> (suffix truncation keeps branches small).</summary>
    public static byte[] ShortestSeparator(ReadOnlySpan<byte> left, ReadOnlySpan<byte> right)
    {
        var common = left.CommonPrefixLength(right);
        return right[..Math.Min(common + 1, right.Length)].ToArray();
    }
}
