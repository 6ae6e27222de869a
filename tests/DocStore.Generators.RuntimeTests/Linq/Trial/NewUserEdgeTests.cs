using System.Globalization;

namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>
/// What a user may try that is not the example: captured variables changed between two enumerations,
/// null and empty values, culture-sensitive comparisons, odd Skip and Take counts, Single on two matches,
/// a disposed context, a transaction's own writes and methods that do not translate. Each behaves as
/// LINQ-to-objects does or fails with a clear exception.
/// </summary>
public sealed class NewUserEdgeTests : IDisposable
{
    private readonly TrialDb _db = TrialData.Open();
    private readonly List<TrialPerson> _all;

    public NewUserEdgeTests() => _all = [.. _db.TrialPeople.FindAll().OrderBy(p => p.Id)];

    public void Dispose() => _db.Dispose();

    [Fact]
    public void A_query_kept_in_a_variable_reads_its_captured_variables_at_each_enumeration()
    {
        var city = "London";
        var query = _db.TrialPeople.Query().Where(p => p.Address!.City == city);
        var london = query.Select(p => p.Id).ToList();
        city = "Paris";
        var paris = query.Select(p => p.Id).ToList();
        var parisAgain = query.ToList();
        Assert.Equal(Ids(_all.Where(p => p.Address?.City == "London")), london);
        Assert.Equal(Ids(_all.Where(p => p.Address?.City == "Paris")), paris);
        Assert.Equal(paris, Ids(parisAgain));
    }

    [Fact]
    public void A_null_captured_string_compares_as_null_and_an_empty_prefix_matches_every_string()
    {
        string? email = null;
        Assert.Empty(_db.TrialPeople.Query().Where(p => p.Email == email).ToList());
        Assert.Equal(_all.Count, _db.TrialPeople.Query().Count(p => p.Email != email));
        Assert.Equal(_all.Count, _db.TrialPeople.Query().Where(p => p.Email.StartsWith("")).Count());
        Assert.Equal(_all.Count, _db.TrialPeople.Query().Where(p => p.Email.StartsWith("")).ToList().Count);
    }

    [Fact]
    public void A_null_prefix_throws_as_string_StartsWith_does()
    {
        string? prefix = null;
        Assert.Throws<ArgumentNullException>(() => _all.Where(p => p.Email.StartsWith(prefix!)).ToList());
        var e = Assert.Throws<ArgumentNullException>(() => _db.TrialPeople.Query().Where(p => p.Email.StartsWith(prefix!)).ToList());
        Assert.Equal("prefix", e.ParamName);
    }

    [Fact]
    public void Culture_sensitive_prefixes_are_refused_by_name()
    {
        var prefix = "AD";
        foreach (var run in new Func<List<TrialPerson>>[]
        {
            () => _db.TrialPeople.Query().Where(p => p.Email.StartsWith(prefix, StringComparison.CurrentCulture)).ToList(),
            () => _db.TrialPeople.Query().Where(p => p.Email.StartsWith(prefix, StringComparison.InvariantCultureIgnoreCase)).ToList(),
            () => _db.TrialPeople.Query().Where(p => p.Email.StartsWith(prefix, StringComparison.OrdinalIgnoreCase)).ToList(),
            () => _db.TrialPeople.Query().Where(p => p.Email.StartsWith(prefix, true, CultureInfo.InvariantCulture)).ToList(),
        })
        {
            var e = Assert.Throws<QueryTranslationException>(run);
            Assert.Equal(DocStoreErrorCode.QueryNotTranslatable, e.ErrorCode);
            Assert.Contains("StartsWith", e.Expression, StringComparison.Ordinal);
        }
    }

    [Fact]
    public void Skip_and_Take_counts_behave_as_in_LINQ_to_objects()
    {
        Assert.Equal(Ids(_all.Skip(-1)), Ids(_db.TrialPeople.Query().Skip(-1).ToList()));
        Assert.Empty(_db.TrialPeople.Query().Take(0).ToList());
        Assert.Equal(_all.Take(-5).Count(), _db.TrialPeople.Query().Take(-5).Count());
        Assert.Empty(_db.TrialPeople.Query().OrderBy(p => p.Age).Skip(int.MaxValue).ToList());
        Assert.Equal(0, _db.TrialPeople.Query().Where(p => p.Age > 3).Skip(int.MaxValue).Take(int.MaxValue).Count());
        Assert.Equal(
            Ids(_all.OrderBy(p => p.Age).Skip(190).Take(int.MaxValue)),
            Ids(_db.TrialPeople.Query().OrderBy(p => p.Age).Skip(190).Take(int.MaxValue).ToList()));
    }

    [Fact]
    public async Task Single_on_two_matches_and_First_on_none_throw_as_LINQ_does()
    {
        Assert.Throws<InvalidOperationException>(() => _db.TrialPeople.Query().Where(p => p.Address!.City == "Oslo").Single());
        Assert.Throws<InvalidOperationException>(() => _db.TrialPeople.Query().Where(p => p.Age > 10).SingleOrDefault());
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await _db.TrialPeople.Query().Where(p => p.Age > 10).SingleAsync());
        Assert.Throws<InvalidOperationException>(() => _db.TrialPeople.Query().Where(p => p.Email == "nobody").First());
        await Assert.ThrowsAsync<InvalidOperationException>(async () => await _db.TrialPeople.Query().Where(p => p.Email == "nobody").FirstAsync());
    }

    [Fact]
    public void A_query_over_a_disposed_context_throws_ObjectDisposedException()
    {
        var db = TrialData.Open();
        var query = db.TrialPeople.Query().Where(p => p.Age > 3);
        db.Dispose();
        Assert.Throws<ObjectDisposedException>(() => query.ToList());
        Assert.Throws<ObjectDisposedException>(() => db.TrialPeople.Query().Where(p => p.Email == "ada1@example.org").ToList());
        Assert.Throws<ObjectDisposedException>(() => db.TrialPeople.Query().Count());
    }

    [Fact]
    public void A_query_in_a_transaction_sees_its_own_writes()
    {
        using (var transaction = _db.BeginTransaction())
        {
            _db.TrialPeople.Insert(transaction, new TrialPerson { Id = 900, Email = "new@example.org", Age = 99, Address = new TrialAddress { City = "Rome" } });
            _db.TrialPeople.Delete(transaction, 1);
            Assert.Equal([900], Ids(_db.TrialPeople.Query(transaction).Where(p => p.Email == "new@example.org").ToList()));
            Assert.Equal([900], Ids(_db.TrialPeople.Query(transaction).Where(p => p.Address!.City == "Rome" && p.Age > 50).ToList()));
            Assert.Equal(_all.Count, _db.TrialPeople.Query(transaction).Count());
            Assert.Empty(_db.TrialPeople.Query(transaction).Where(p => p.Id == 1).ToList());
            Assert.Empty(_db.TrialPeople.Query().Where(p => p.Email == "new@example.org").ToList());
        }

        // Disposed without commit: nothing changed.
        Assert.Empty(_db.TrialPeople.Query().Where(p => p.Email == "new@example.org").ToList());
        Assert.Single(_db.TrialPeople.Query().Where(p => p.Id == 1).ToList());
    }

    [Fact]
    public void A_method_on_a_member_throws_a_translation_exception_naming_it()
    {
        var x = "ADA1@EXAMPLE.ORG";
#pragma warning disable CA1862 // The comparison a user might write, which does not translate.
        var e = Assert.Throws<QueryTranslationException>(() => _db.TrialPeople.Query().Where(p => p.Email.ToUpper() == x).ToList());
#pragma warning restore CA1862
        Assert.Equal(DocStoreErrorCode.QueryNotTranslatable, e.ErrorCode);
        Assert.Contains("p.Email.ToUpper()", e.Expression, StringComparison.Ordinal);
        Assert.Contains("ToUpper", e.Message, StringComparison.Ordinal);
    }

    private static List<int> Ids(IEnumerable<TrialPerson> people) => [.. people.Select(p => p.Id)];
}
