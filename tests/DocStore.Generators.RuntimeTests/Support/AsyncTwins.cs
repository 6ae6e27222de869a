namespace DocStore.Generators.RuntimeTests.Support;

/// <summary>Checks an asynchronous query twin against its synchronous method: the same documents in the same order, page by page, with the same pages from ToPage and ToPageAsync.</summary>
internal static class AsyncTwins
{
    /// <summary>
    /// Compares the twins with no options, descending, and page by page (<paramref name="pageSize"/> a
    /// page, same pages and tokens); with <paramref name="everyShape"/> also with skip and take, and page
    /// by page descending.
    /// </summary>
    public static async Task AssertSameAsSync<T>(
        Func<QueryOptions?, DocumentQuery<T>> sync, Func<QueryOptions?, IAsyncEnumerable<T>> twin, Func<T, int> id, int pageSize, bool everyShape)
    {
        var all = Ids(sync(null), id);
        Assert.True(all.Count > pageSize, "the query should match several pages' worth of documents");
        Assert.Equal(all, await Ids(twin(null), id));
        Assert.Equal(Ids(sync(new QueryOptions { Descending = true }), id), await Ids(twin(new QueryOptions { Descending = true }), id));
        if (everyShape)
        {
            Assert.Equal(Ids(sync(new QueryOptions { Skip = 2, Take = 3 }), id), await Ids(twin(new QueryOptions { Skip = 2, Take = 3 }), id));
        }

        foreach (var descending in everyShape ? new[] { false, true } : [false])
        {
            var options = new QueryOptions { Take = pageSize, Descending = descending };
            while (true)
            {
                var page = sync(options).ToPage();
                var asyncPage = await sync(options).ToPageAsync();
                Assert.Equal(Ids(page.Items, id), await Ids(twin(options), id));
                Assert.Equal(Ids(page.Items, id), Ids(asyncPage.Items, id));
                Assert.Equal(page.Continuation, asyncPage.Continuation);
                if (!page.HasMore)
                {
                    break;
                }

                options = options with { After = page.Continuation };
            }
        }
    }

    /// <summary>The ids of a synchronous query's documents, in order.</summary>
    public static List<int> Ids<T>(IEnumerable<T> documents, Func<T, int> id) => [.. documents.Select(id)];

    /// <summary>The ids of an asynchronous query's documents, in order.</summary>
    public static async Task<List<int>> Ids<T>(IAsyncEnumerable<T> documents, Func<T, int> id)
    {
        var ids = new List<int>();
        await foreach (var document in documents)
        {
            ids.Add(id(document));
        }

        return ids;
    }
}
