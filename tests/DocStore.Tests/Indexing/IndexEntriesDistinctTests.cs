using DocStore.Indexing;
using DocStore.Tests.Support;

namespace DocStore.Tests.Indexing;

/// <summary>
/// A document's keys in one index are made distinct (a multikey path may repeat a value): first occurrences
/// in order, and for the few keys a document has, the result array is the only allocation.
/// </summary>
public class IndexEntriesDistinctTests
{
    // Where the reference array goes, so it is allocated on the heap as the result is.
    private static byte[][]? s_kept;

    [Fact]
    public void Repeated_keys_keep_their_first_occurrence_in_order()
    {
        byte[] a = [1, 2], b = [3], c = [1, 2], d = [4, 5, 6], e = [3];

        var distinct = IndexEntries.Distinct([a, b, c, d, e]);

        Assert.Equal(3, distinct.Length);
        Assert.Same(a, distinct[0]);
        Assert.Same(b, distinct[1]);
        Assert.Same(d, distinct[2]);
    }

    [Fact]
    public void Many_keys_are_made_distinct_too()
    {
        var keys = Enumerable.Range(0, 40).Select(i => new[] { (byte)(i % 25) }).ToList();

        var distinct = IndexEntries.Distinct(keys);

        Assert.Equal(Enumerable.Range(0, 25).Select(i => (byte)i), distinct.Select(k => k[0]));
    }

    [Fact]
    public void A_documents_few_keys_allocate_the_result_alone()
    {
        List<byte[]> keys = [[1, 2], [3], [1, 2], [4]];
        long resultArray = AllocationProbe.PerCall(() => (s_kept = new byte[3][]).Length == 3);

        long perCall = AllocationProbe.PerCall(() => IndexEntries.Distinct(keys).Length == 3);

        Assert.Equal(resultArray, perCall);
    }
}
