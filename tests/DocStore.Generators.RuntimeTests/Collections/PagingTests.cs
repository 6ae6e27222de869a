using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>Scans and index queries in both directions, with skip, take and continuation tokens.</summary>
public class PagingTests
{
    private static AppDb Seeded()
    {
        var db = AppDb.OpenInMemory();
        db.Members.InsertMany(Enumerable.Range(1, 20).Select(i => new Member { Id = i, Handle = "h" + i, Score = i % 4 }));
        return db;
    }

    [Fact]
    public void Scan_runs_forward_and_backward_with_a_limit()
    {
        using var db = Seeded();
        Assert.Equal([1, 2, 3], db.Members.Scan(new QueryOptions { Take = 3 }).Select(m => m.Id));
        Assert.Equal([20, 19, 18], db.Members.Scan(new QueryOptions { Take = 3, Descending = true }).Select(m => m.Id));
        Assert.Equal([15, 16], db.Members.ScanFrom(15, new QueryOptions { Take = 2 }).Select(m => m.Id));
        Assert.Equal([15, 14], db.Members.ScanFrom(15, new QueryOptions { Take = 2, Descending = true }).Select(m => m.Id));
        Assert.Equal([4, 5], db.Members.Scan(new QueryOptions { Skip = 3, Take = 2 }).Select(m => m.Id));
    }

    [Fact]
    public void Continuation_tokens_walk_every_page_exactly_once()
    {
        using var db = Seeded();
        var seen = new List<int>();
        var options = new QueryOptions { Take = 3 };
        while (true)
        {
            var page = db.Members.FindByScoreRange(1, 2, options).ToPage();
            seen.AddRange(page.Items.Select(m => m.Id));
            if (!page.HasMore)
            {
                break;
            }

            options = options with { After = page.Continuation };
        }

        var expected = Enumerable.Range(1, 20).Where(i => i % 4 is 1 or 2).OrderBy(i => i % 4).ThenBy(i => i);
        Assert.Equal(expected, seen);
    }

    [Fact]
    public void Descending_index_queries_return_the_reverse_of_ascending_ones()
    {
        using var db = Seeded();
        var ascending = db.Members.FindByScoreRange(0, 3).Select(m => m.Id).ToList();
        var descending = db.Members.FindByScoreRange(0, 3, new QueryOptions { Descending = true }).Select(m => m.Id).ToList();
        ascending.Reverse();
        Assert.Equal(ascending, descending);
        Assert.Equal([19, 15], db.Members.FindByScore(3, new QueryOptions { Descending = true, Take = 2 }).Select(m => m.Id));
    }

    [Fact]
    public void A_continuation_survives_deletes_before_the_position()
    {
        using var db = Seeded();
        var options = new QueryOptions { Take = 5 };
        var first = db.Members.Scan(options).ToPage();
        Assert.Equal([1, 2, 3, 4, 5], first.Items.Select(m => m.Id));
        db.Members.Delete(2);
        Assert.Equal([6, 7, 8, 9, 10], db.Members.Scan(options with { After = first.Continuation }).Select(m => m.Id));
    }

    [Fact]
    public void A_continuation_survives_inserts_before_the_position()
    {
        using var db = Seeded();
        var scan = new QueryOptions { Take = 5 };
        var scanPage = db.Members.Scan(scan).ToPage();
        Assert.Equal([1, 2, 3, 4, 5], scanPage.Items.Select(m => m.Id));

        // Score 0 holds 4, 8, 12, 16, 20: the first page ends at the last of them.
        var byScore = new QueryOptions { Take = 5 };
        var byScorePage = db.Members.FindByScoreRange(0, 3, byScore).ToPage();
        Assert.Equal([4, 8, 12, 16, 20], byScorePage.Items.Select(m => m.Id));

        // Key -1 sorts before the scan's position, and its entry (score 0, key -1) before the index query's.
        db.Members.Insert(new Member { Id = -1, Handle = "before", Score = 0 });
        Assert.Equal([6, 7, 8, 9, 10], db.Members.Scan(scan with { After = scanPage.Continuation }).Select(m => m.Id));
        Assert.Equal([1, 5, 9, 13, 17], db.Members.FindByScoreRange(0, 3, byScore with { After = byScorePage.Continuation }).Select(m => m.Id));
    }

    [Fact]
    public void Options_are_input_only_and_a_page_carries_the_continuation()
    {
        using var db = Seeded();
        var options = new QueryOptions { Take = 3 };
        var before = options with { };
        var page = db.Members.Scan(options).ToPage();
        Assert.Equal(before, options);
        Assert.Equal([1, 2, 3], page.Items.Select(m => m.Id));
        Assert.True(page.HasMore);

        var last = db.Members.Scan(new QueryOptions { Skip = 18 }).ToPage();
        Assert.Equal([19, 20], last.Items.Select(m => m.Id));
        Assert.False(last.HasMore);
        Assert.Null(last.Continuation);
    }

    [Fact]
    public void A_typed_collection_is_not_a_sequence_so_linq_cannot_decode_it_by_accident()
    {
        using var db = Seeded();
        Assert.False(typeof(System.Collections.IEnumerable).IsAssignableFrom(db.Members.GetType()));
        Assert.Equal(20, db.Members.FindAll().Count());
    }

    [Fact]
    public void A_malformed_continuation_token_is_refused()
    {
        using var db = Seeded();
        Assert.Throws<ArgumentException>(() => db.Members.Scan(new QueryOptions { After = "!!not base64!!" }).ToList());
    }
}
