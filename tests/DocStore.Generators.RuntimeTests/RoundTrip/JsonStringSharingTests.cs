using System.Text;
using DocStore.Generators.RuntimeTests.Models;
using DocStore.Metadata;
using DocStore.Tests.Support;

namespace DocStore.Generators.RuntimeTests.RoundTrip;

/// <summary>
/// Documents read through one <see cref="JsonStringTable"/> share their repeated short strings (members, array
/// elements, nested documents' members), and every value still reads back exactly, shared or not.
/// </summary>
public class JsonStringSharingTests
{
    private static readonly IJsonDocumentSerializer<Scholar> Json = (IJsonDocumentSerializer<Scholar>)ScholarCollection.DocumentModel;

    [Fact]
    public void Documents_of_one_read_share_their_repeated_strings()
    {
        var strings = new JsonStringTable();
        byte[] first = """{"Id": 1, "Email": "x@y.org", "Address": {"City": "Lyon", "Zip": 1}, "Tags": ["a1", "b2"], "Items": [{"Sku": "k9", "Qty": 1}]}"""u8.ToArray();
        byte[] second = """{"Id": 2, "Email": "x@y.org", "Address": {"City": "Lyon", "Zip": 2}, "Tags": ["b2", "a1"], "Items": [{"Sku": "k9", "Qty": 2}]}"""u8.ToArray();

        var a = Json.ReadJson(first, strings);
        var b = Json.ReadJson(second, strings);

        Assert.Same(a.Email, b.Email);
        Assert.Same(a.Address!.City, b.Address!.City);
        Assert.Same(a.Tags[0], b.Tags[1]);
        Assert.Same(a.Tags[1], b.Tags[0]);
        Assert.Same(a.Items[0].Sku, b.Items[0].Sku);
        Assert.Equal(["b2", "a1"], b.Tags);
        Assert.NotSame(a.Tags[0], Json.ReadJson(first).Tags[0]);
    }

    [Fact]
    public void A_shared_string_is_not_allocated_again()
    {
        var strings = new JsonStringTable();
        byte[] three = """{"Id": 1, "Tags": ["a1", "b2", "c3"]}"""u8.ToArray();

        long alone = AllocationProbe.Least(() => Json.ReadJson(three));
        long shared = AllocationProbe.Least(() => Json.ReadJson(three, strings));
        long oneString = AllocationProbe.Least(() => new string('a', 2));

        Assert.Equal(3 * oneString, alone - shared);
    }

    [Fact]
    public void Values_that_are_not_shared_read_back_exactly()
    {
        var strings = new JsonStringTable();
        string longValue = new('z', 40);
        byte[] json = Encoding.UTF8.GetBytes($$"""{"Id": 1, "Email": "caf\u00e9", "nick": "a\u0031", "Address": {"City": "", "Zip": 0}, "Tags": ["{{longValue}}", "Zürich", "a1"]}""");

        for (int i = 0; i < 3; i++)
        {
            var scholar = Json.ReadJson(json, strings);

            Assert.Equal("café", scholar.Email);
            Assert.Equal("a1", scholar.Nickname);
            Assert.Equal(string.Empty, scholar.Address!.City);
            Assert.Equal([longValue, "Zürich", "a1"], scholar.Tags);
        }
    }

    [Fact]
    public void Many_distinct_values_through_one_table_read_back_exactly()
    {
        var strings = new JsonStringTable();

        // Far more values than the table holds: it grows, and values evict each other from their slots.
        for (int i = 0; i < 20_000; i++)
        {
            string tag = "t" + (i % 3000);
            string email = "user" + i + "@example.org";
            var scholar = Json.ReadJson(Encoding.UTF8.GetBytes($$"""{"Id": {{i}}, "Email": "{{email}}", "Tags": ["{{tag}}", "common"]}"""), strings);

            Assert.Equal(email, scholar.Email);
            Assert.Equal([tag, "common"], scholar.Tags);
        }
    }
}
