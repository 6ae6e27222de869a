using DocStore.Tests.Support;
using Xunit.Abstractions;
using static DocStore.Generators.RuntimeTests.Linq.Compiled.CompiledQueryFixture;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// Projections after key lookups: a unique equality reads its one document as FindOne does, and a list of
/// keys reads each document once, both building the result from the selected fields of the stored bytes.
/// Results equal the run-time planner's and LINQ-to-objects', documents missing a selected field included;
/// the projected reads allocate less than the whole-document reads of the same documents.
/// </summary>
public sealed class CompiledSeekProjectionTests(CompiledQueryFixture fixture, ITestOutputHelper output) : IClassFixture<CompiledQueryFixture>
{
    private readonly LinqDb _db = fixture.Db;
    private readonly IReadOnlyList<LinqItem> _all = fixture.All;

    public static TheoryData<string> Codes => ["C000", "C919", "M1003", "M1010", "nope"];

    [Theory]
    [MemberData(nameof(Codes))]
    public async Task A_projection_of_a_unique_equality(string code)
    {
        var expected = _all.Where(p => p.Code == code).ToList();

        var (age, ranAge) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code).Select(p => p.Age).FirstOrDefault());
        Assert.Equal(expected.Select(p => p.Age).FirstOrDefault(), age);
        Assert.Equal(expected.Select(p => p.Age).FirstOrDefault(), Runtime(_db.LinqItems.Query().Where(p => p.Code == code).Select(p => p.Age)).FirstOrDefault());
        Assert.True(ranAge);

        var (row, ranRow) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code).Select(p => new { p.Name, p.Level, p.Home!.City }).SingleOrDefault());
        Assert.Equal(expected.Select(p => new { p.Name, p.Level, p.Home?.City }).SingleOrDefault(), row);
        Assert.True(ranRow);

        var (rows, ranRows) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code).Select(p => new LinqRow(p.Code, p.Age) { Level = p.Level }).ToList());
        Assert.Equal(expected.Select(p => new LinqRow(p.Code, p.Age) { Level = p.Level }), rows);
        Assert.Equal(rows, Runtime(_db.LinqItems.Query().Where(p => p.Code == code).Select(p => new LinqRow(p.Code, p.Age) { Level = p.Level })).ToList());
        Assert.True(ranRows);

        var weight = await _db.LinqItems.Query().Where(p => p.Code == code).Select(p => p.Weight).FirstOrDefaultAsync();
        Assert.Equal(expected.Select(p => p.Weight).FirstOrDefault(), weight);
        if (expected.Count == 0)
        {
            Assert.Throws<InvalidOperationException>(() => _db.LinqItems.Query().Where(p => p.Code == code).Select(p => p.Age).First());
        }
    }

    [Fact]
    public void Skip_and_take_around_a_unique_projection()
    {
        var code = "C919";
        var (skipped, ran) = Run(() => _db.LinqItems.Query().Where(p => p.Code == code).Skip(1).Select(p => p.Name).ToList());
        Assert.Empty(skipped);
        Assert.True(ran);
        Assert.Empty(_db.LinqItems.Query().Where(p => p.Code == code).Take(0).Select(p => p.Name).ToList());
        Assert.Equal(_all.Where(p => p.Code == code).Select(p => p.Name), _db.LinqItems.Query().Where(p => p.Code == code).Take(3).Select(p => p.Name).ToArray());
    }

    // Each call builds its expression tree, and a Select adds to it: the reads are compared net of the tree,
    // measured by building the same query without running it.
    [Fact]
    public void A_projected_unique_seek_allocates_less_than_the_whole_document_seek()
    {
        var code = "C919";
        var age = _all.Single(p => p.Code == code).Age;
        var projected = AllocationProbe.PerCall(() => _db.LinqItems.Query().Where(p => p.Code == code).Select(p => p.Age).FirstOrDefault() == age)
            - AllocationProbe.PerCall(() => Queryable.Select(Queryable.Where(_db.LinqItems.Query(), p => p.Code == code), p => p.Age).Expression is not null);
        var whole = AllocationProbe.PerCall(() => _db.LinqItems.Query().Where(p => p.Code == code).FirstOrDefault()?.Age == age)
            - AllocationProbe.PerCall(() => Queryable.Where(_db.LinqItems.Query(), p => p.Code == code).Expression is not null);
        output.WriteLine($"bytes per call beyond the tree: projected seek {projected}, whole-document seek {whole}");
        Assert.True(projected < whole, $"the projected seek allocates {projected} bytes per call beyond its tree, the whole-document seek {whole}");
    }

    [Fact]
    public void Projected_key_lookups_allocate_less_than_whole_documents()
    {
        int[] ids = [3, 40, 41, 77, 150, 299, 1004];
        var count = _all.Count(p => ids.Contains(p.Id));
        var projected = AllocationProbe.PerCall(() => _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).Select(p => p.Age).ToList().Count == count)
            - AllocationProbe.PerCall(() => Queryable.Select(Queryable.Where(_db.LinqItems.Query(), p => ids.Contains(p.Id)), p => p.Age).Expression is not null);
        var whole = AllocationProbe.PerCall(() => _db.LinqItems.Query().Where(p => ids.Contains(p.Id)).ToList().Count == count)
            - AllocationProbe.PerCall(() => Queryable.Where(_db.LinqItems.Query(), p => ids.Contains(p.Id)).Expression is not null);
        output.WriteLine($"bytes per call beyond the tree: projected lookups {projected}, whole documents {whole}");
        Assert.True(projected < whole, $"the projected lookups allocate {projected} bytes per call beyond their tree, the whole documents {whole}");
    }
}
