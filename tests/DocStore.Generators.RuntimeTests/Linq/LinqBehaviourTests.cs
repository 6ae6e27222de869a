using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>Transactions, refused expressions, queries that are not DocStore's, and collections changing under a cached plan.</summary>
public sealed class LinqBehaviourTests : IDisposable
{
    private readonly ScholarDb _db = ScholarData.Open();

    public void Dispose() => _db.Dispose();

    [Fact]
    public void A_query_in_a_transaction_sees_its_uncommitted_writes()
    {
        using var transaction = _db.BeginTransaction();
        _db.Scholars.Insert(transaction, new Scholar { Id = 500, Email = "tx@x.org", Age = 77 });
        Assert.Equal([500], _db.Scholars.Query(transaction).Where(p => p.Age == 77).Select(p => p.Id).ToList());
        Assert.Empty(_db.Scholars.Query().Where(p => p.Age == 77).ToList());
        Assert.Equal(1, _db.Scholars.Query(transaction).Count(p => p.Email == "tx@x.org"));
        transaction.Commit();
        Assert.Equal([500], _db.Scholars.Query().Where(p => p.Age == 77).Select(p => p.Id).ToList());
    }

    [Fact]
    public void Each_execution_reads_a_fresh_snapshot()
    {
        var query = _db.Scholars.Query().Where(p => p.Age == 88);
        Assert.Equal(0, query.Count());
        _db.Scholars.Insert(new Scholar { Id = 600, Age = 88 });
        Assert.Equal(1, query.Count());
    }

    [Fact]
    public void A_field_no_document_had_when_the_plan_was_made_is_found_later()
    {
        using var db = ScholarDb.OpenInMemory();
        db.Sql.Execute("""INSERT INTO Scholars VALUES ({"Id": 1})""");
        Assert.Empty(db.Scholars.Query().Where(p => p.Nickname == "x").ToList());
        db.Scholars.Insert(new Scholar { Id = 2, Nickname = "x" });
        Assert.Equal([2], db.Scholars.Query().Where(p => p.Nickname == "x").Select(p => p.Id).ToList());
    }

    [Fact]
    public void A_cached_shape_stays_right_when_the_catalog_changes()
    {
        var query = () => _db.Scholars.Query().Where(p => p.Balance == 1.75m).Select(p => p.Id);
        var before = query().ToList();
        Assert.NotEmpty(before);
        _db.Sql.Execute("CREATE COLLECTION Others");
        _db.Scholars.Insert(new Scholar { Id = 700, Balance = 1.75m });
        Assert.Equal([.. before, 700], query().ToList());
    }

    [Fact]
    public void Untranslatable_expressions_throw_naming_the_expression()
    {
        var e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().Where(p => p.Email!.Contains("ab")).ToList());
        Assert.Contains("Contains", e.Message, StringComparison.Ordinal);
        Assert.Contains("p.Email", e.Expression, StringComparison.Ordinal);
        Assert.Equal(DocStoreErrorCode.QueryNotTranslatable, e.ErrorCode);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().Where(p => p.Age == p.Score).ToList());
        Assert.Contains("two members", e.Reason, StringComparison.Ordinal);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().Take(3).Where(p => p.Age > 1).ToList());
        Assert.Contains("Take", e.Reason, StringComparison.Ordinal);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().GroupBy(p => p.Age).ToList());
        Assert.Contains("GroupBy", e.Reason, StringComparison.Ordinal);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().OrderBy(p => p.Email!.Length).ToList());
        Assert.Contains("p.Email.Length", e.Expression, StringComparison.Ordinal);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().Where(p => p.Email!.StartsWith("a", StringComparison.OrdinalIgnoreCase)).ToList());
        Assert.Contains("Ordinal", e.Reason, StringComparison.Ordinal);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().OrderBy(p => p.Email, StringComparer.OrdinalIgnoreCase).ToList());
        Assert.Contains("StringComparer.Ordinal", e.Reason, StringComparison.Ordinal);

        e = Assert.Throws<QueryTranslationException>(() => _db.Scholars.Query().Select(p => new { p.Id, Twice = p.Age * 2 }).Where(x => x.Twice > 4).ToList());
        Assert.Contains("(p.Age * 2)", e.Expression, StringComparison.Ordinal);
    }

    [Fact]
    public async Task The_operators_refuse_a_query_that_is_not_a_DocStore_query()
    {
#pragma warning disable IL2026, IL3050 // An in-memory query, run JIT-compiled by the tests.
        var local = new List<int> { 1 }.AsQueryable();
#pragma warning restore IL2026, IL3050
        var e = await Assert.ThrowsAsync<InvalidOperationException>(async () => await local.ToListAsync());
        Assert.Contains("Query()", e.Message, StringComparison.Ordinal);
        Assert.Throws<InvalidOperationException>(() => local.Explain());
        Assert.Throws<InvalidOperationException>(() => local.ToPage());
    }
}
