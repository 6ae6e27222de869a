using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// Projections of scalar members are read from the stored fields; every row must still equal what
/// LINQ-to-objects computes over the deserialized documents, including missing fields (defaults and
/// initializers), nulls, renamed members and paths through a missing or empty object.
/// </summary>
public sealed class LinqFieldProjectionTests : IDisposable
{
    private readonly ScholarDb _db;
    private readonly LinqOracle _oracle;

    public LinqFieldProjectionTests()
    {
        _db = ScholarData.Open();

        // An address without a city: the member's initializer ("") is what deserialization gives.
        _db.Sql.Execute("""INSERT INTO Scholars VALUES ({"Id": 104, "Address": {}, "nick": "raw"}), ({"Id": 105, "Age": 7, "Score": 3, "Active": true})""");
        _oracle = new LinqOracle(_db);
    }

    public void Dispose() => _db.Dispose();

    [Fact]
    public void Scalar_members_project_as_the_documents_read()
    {
        _oracle.Same(q => q.Select(p => new { p.Id, p.Email, p.Age, p.Active, p.Score, p.Balance }));
        _oracle.Same(q => q.Where(p => p.Address != null).Select(p => new { p.Id, p.Nickname, City = p.Address!.City, Zip = p.Address!.Zip }));
        _oracle.Same(q => q.Where(p => p.Age > 3).OrderBy(p => p.Email).Select(p => p.Email + "/" + p.Age));
        _oracle.Same(q => q.Select(p => p.Nickname != null ? p.Nickname.Length : -1));
    }

    [Fact]
    public void Captured_values_and_single_results_project_from_fields()
    {
        var suffix = "!";
        _oracle.Same(q => q.Select(p => p.Email + suffix));
        var id = 105;
        Assert.Equal(
            _oracle.All.Where(p => p.Id == id).Select(p => new { p.Age, p.Score }).Single(),
            _db.Scholars.Query().Where(p => p.Id == id).Select(p => new { p.Age, p.Score }).Single());
        var page = _db.Scholars.Query().OrderBy(p => p.Id).Select(p => p.Age).Take(5).ToPage();
        Assert.Equal(_oracle.All.OrderBy(p => p.Id).Select(p => p.Age).Take(5), page.Items);
    }
}
