using System.Buffers.Binary;
using DocStore.Storage.Pages;
using DocStore.Transactions;

namespace DocStore.Transactions.FreeSpace;

/// <summary>
/// Free pages, kept as a chain of trunk pages (docs/storage.md, "Free list"). A trunk's count field says
/// how many u32 free page numbers follow its header; its link is the next trunk. The header page holds the
/// first trunk and the total number of free pages (trunks included). Freeing costs no write to the freed
/// page itself unless it becomes a trunk.
/// </summary>
internal static class FreeList
{
    public static int TrunkCapacity(int pageSize) => (pageSize - PageLayout.HeaderSize) / 4;

    public static uint Allocate(WriteTransaction tx)
    {
        var header = tx.GetWritable(0);
        var head = HeaderPage.GetFreeHead(header);
        if (head == 0)
        {
            var next = HeaderPage.GetPageCount(header);
            if (next == uint.MaxValue)
            {
                throw new IOException($"{tx.Pager.Name}: the database has reached its maximum of {uint.MaxValue} pages.");
            }

            HeaderPage.SetPageCount(header, next + 1);
            return next;
        }

        var trunk = tx.GetWritable(head);
        if (PageLayout.GetType(trunk) != PageType.FreeTrunk)
        {
            throw new DatabaseCorruptException(tx.Pager.Name, head, "the free-list head is not a free-list trunk page");
        }

        HeaderPage.SetFreeCount(header, HeaderPage.GetFreeCount(header) - 1);
        var count = PageLayout.GetCount(trunk);
        if (count > 0)
        {
            PageLayout.SetCount(trunk, count - 1);
            return BinaryPrimitives.ReadUInt32LittleEndian(trunk.AsSpan(PageLayout.HeaderSize + (4 * (count - 1))));
        }

        HeaderPage.SetFreeHead(header, PageLayout.GetLink(trunk));
        return head;
    }

    public static void Free(WriteTransaction tx, uint pageNumber)
    {
        var header = tx.GetWritable(0);
        var head = HeaderPage.GetFreeHead(header);
        HeaderPage.SetFreeCount(header, HeaderPage.GetFreeCount(header) + 1);
        if (head != 0)
        {
            var trunk = tx.GetWritable(head);
            var count = PageLayout.GetCount(trunk);
            if (count < TrunkCapacity(tx.PageSize))
            {
                BinaryPrimitives.WriteUInt32LittleEndian(trunk.AsSpan(PageLayout.HeaderSize + (4 * count)), pageNumber);
                PageLayout.SetCount(trunk, count + 1);
                return;
            }
        }

        var newTrunk = tx.NewPage(pageNumber, PageType.FreeTrunk);
        PageLayout.SetLink(newTrunk, head);
        HeaderPage.SetFreeHead(header, pageNumber);
    }

    /// <summary>Every page on the free list in chain order, each flagged as a trunk or not; stops with a problem on a bad chain.</summary>
    public static List<(uint Page, bool IsTrunk)> Enumerate(Transaction tx, uint pageCount, List<string> problems)
    {
        var pages = new List<(uint, bool)>();
        var head = HeaderPage.GetFreeHead(tx.ReadPage(0));
        var seen = new HashSet<uint>();
        while (head != 0)
        {
            if (head >= pageCount || !seen.Add(head))
            {
                problems.Add($"free list: trunk page {head} is out of range or repeats");
                break;
            }

            var trunk = tx.ReadPage(head);
            if (PageLayout.GetType(trunk) != PageType.FreeTrunk)
            {
                problems.Add($"page {head}: on the free-list chain but of type {PageLayout.GetType(trunk)}");
                break;
            }

            pages.Add((head, true));
            var count = PageLayout.GetCount(trunk);
            if (count > TrunkCapacity(trunk.Length))
            {
                problems.Add($"page {head}: free-list trunk count {count} exceeds its capacity");
                break;
            }

            for (var i = 0; i < count; i++)
            {
                pages.Add((BinaryPrimitives.ReadUInt32LittleEndian(trunk.AsSpan(PageLayout.HeaderSize + (4 * i))), false));
            }

            head = PageLayout.GetLink(trunk);
        }

        return pages;
    }
}
