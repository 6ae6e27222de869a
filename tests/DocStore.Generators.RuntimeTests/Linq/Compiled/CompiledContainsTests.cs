using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// The two Contains plans: an element of a sequence member (a seek of the multikey index, each document
/// once) and the key in a list of values (key lookups in key order), at terminal and enumerated call sites,
/// each equal to the run-time planner's and LINQ-to-objects' results.
/// </summary>
public sealed class CompiledContainsTests(CompiledQueryFixture fixture) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<string?> Tags => ["math", "art", "nope", "", null];

    public static TheoryData<int[]?> KeyLists => [[1, 2, 3], [250, 7, 7, 1003, 99999, -4], [], null];

    [Theory]
    [MemberData(nameof(Tags))]
    public void An_element_of_a_sequence_member_seeks_the_multikey_index(string? tag)
    {
        var into = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            into.AddRange(_db.LinqItems.Query().Where(p => p.Tags!.Contains(tag!)));
            return 0;
        });
        var expected = _all.Where(p => p.Tags?.Contains(tag) == true).ToList();
        var runtime = Runtime(_db.LinqItems.Query().Where(p => p.Tags!.Contains(tag!))).ToList();
        Assert.Equal(Ids(expected), Ids(into));
        Assert.Equal(Ids(expected), Ids(runtime));
        Assert.Equal(tag is not null, ran);

        var (list, ranList) = Run(() => _db.LinqItems.Query().Where(p => p.Tags!.Contains(tag!)).ToList());
        Assert.Equal(Ids(expected), Ids(list));
        Assert.Equal(tag is not null, ranList);
        Assert.Equal(expected.Count, _db.LinqItems.Query().Where(p => p.Tags!.Contains(tag!)).Count());
        Assert.Equal(Ids(expected.Take(3)), Ids(_db.LinqItems.Query().Where(p => p.Tags!.Contains(tag!)).Take(3).ToList()));
    }

    [Fact]
    public void A_document_whose_sequence_repeats_the_value_comes_once()
    {
        using var tx = _db.BeginTransaction();
        _db.LinqItems.Insert(tx, new LinqItem { Id = 5002, Code = "TX3", Age = 79, Tags = ["dup", "dup", "other"] });
        var (found, ran) = Run(() => _db.LinqItems.Query(tx).Where(p => p.Tags!.Contains("dup")).ToList());
        Assert.True(ran);
        Assert.Equal([5002], Ids(found));
        Assert.Equal(1, _db.LinqItems.Query(tx).Where(p => p.Tags!.Contains("dup")).Count());
        tx.Rollback();
    }

    [Theory]
    [MemberData(nameof(KeyLists))]
    public void Keys_in_a_list_are_looked_up_in_key_order(int[]? ids)
    {
        if (ids is null)
        {
            // A null list: the plan cannot take it, and the query as written reports it as the planner does.
            var (_, ranNull) = Run(() => Record.Exception(() => new List<LinqItem>().AddRange(_db.LinqItems.Query().Where(p => ids!.Contains(p.Id)))));
            Assert.False(ranNull);
            return;
        }

        var into = new List<LinqItem>();
        var (_, ran) = Run(() =>
        {
            into.AddRange(_db.LinqItems.Query().Where(p => ids.Contains(p.Id)));
            return 0;
        });
        var expected = _all.Where(p => ids.Contains(p.Id)).OrderBy(p => p.Id).ToList();
        var runtime = Runtime(_db.LinqItems.Query().Where(p => ids.Contains(p.Id))).ToList();
        Assert.Equal(Ids(expected), Ids(into));
        Assert.Equal(Ids(expected), Ids(runtime));
        Assert.True(ran);

        var list = ids.ToList();
        var (fromList, ranList) = Run(() => _db.LinqItems.Query().Where(p => list.Contains(p.Id)).OrderBy(p => p.Id).Skip(1).ToList());
        Assert.Equal(Ids(expected.Skip(1)), Ids(fromList));
        Assert.True(ranList);
        Assert.Equal(expected.Count, _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Count());
        Assert.Equal(expected.FirstOrDefault()?.Id, _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).FirstOrDefault()?.Id);
    }
}
