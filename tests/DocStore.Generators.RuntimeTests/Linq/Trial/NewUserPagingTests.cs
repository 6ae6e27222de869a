namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>
/// ToPage as a user pages through results: every page of an order full of ties, descending, of a
/// projection, of a filtered query, and a page size larger than what is left.
/// </summary>
public sealed class NewUserPagingTests : IDisposable
{
    private readonly TrialDb _db = TrialData.Open();
    private readonly List<TrialPerson> _all;

    public NewUserPagingTests() => _all = [.. _db.TrialPeople.FindAll().OrderBy(p => p.Id)];

    public void Dispose() => _db.Dispose();

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    [InlineData(64)]
    [InlineData(500)]
    public async Task Paging_through_an_order_full_of_ties_returns_each_document_once_in_order(int size)
    {
        var expected = _all.OrderByDescending(p => p.Age).ThenBy(p => p.Id).Select(p => p.Id).ToList();
        var seen = new List<int>();
        string? token = null;
        var pages = 0;
        do
        {
            var page = await _db.TrialPeople.Query().OrderByDescending(p => p.Age).Take(size).ToPageAsync(token);
            Assert.True(page.Items.Count <= size);
            Assert.Equal(page.Continuation is not null, page.HasMore);
            seen.AddRange(page.Items.Select(p => p.Id));
            token = page.Continuation;
            Assert.True(++pages <= expected.Count + 1, "the pages never end");
        }
        while (token is not null);

        Assert.Equal(expected, seen);
    }

    [Fact]
    public void A_filtered_projection_pages_in_its_order()
    {
        var expected = _all.Where(p => p.Tags.Contains("math") && p.Age > 5)
            .OrderBy(p => p.Address?.City, StringComparer.Ordinal).ThenByDescending(p => p.Email, StringComparer.Ordinal)
            .Select(p => p.Email).ToList();
        var seen = new List<string>();
        string? token = null;
        do
        {
            var page = _db.TrialPeople.Query().Where(p => p.Tags.Contains("math") && p.Age > 5)
                .OrderBy(p => p.Address!.City).ThenByDescending(p => p.Email)
                .Select(p => p.Email).Take(9).ToPage(token);
            seen.AddRange(page.Items);
            token = page.Continuation;
        }
        while (token is not null);

        Assert.Equal(expected, seen);
    }

    [Fact]
    public void A_page_larger_than_what_is_left_is_the_last()
    {
        var first = _db.TrialPeople.Query().Where(p => p.Address!.City == "Oslo").OrderBy(p => p.Id).Take(60).ToPage();
        var rest = _db.TrialPeople.Query().Where(p => p.Address!.City == "Oslo").OrderBy(p => p.Id).Take(60).ToPage(first.Continuation);
        var oslo = _all.Where(p => p.Address?.City == "Oslo").Select(p => p.Id).ToList();
        Assert.True(oslo.Count is > 60 and < 120);
        Assert.Equal(oslo, first.Items.Concat(rest.Items).Select(p => p.Id));
        Assert.False(rest.HasMore);
        Assert.Null(rest.Continuation);
    }
}
