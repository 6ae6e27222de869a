using DocStore.Generators.RuntimeTests.Support;
using DocStore.Linq.Compiled;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled;

/// <summary>
/// The LINQ test data, and checks that run one query three ways: at a call site the generator compiled
/// (the interceptor), through the run-time planner (the same query passed through a method, which the
/// generator does not intercept) and with LINQ-to-objects over every document.
/// </summary>
public sealed class CompiledQueryFixture : IDisposable
{
    private readonly TempDatabase _temp = new();

    public CompiledQueryFixture()
    {
        Db = LinqDb.Open(_temp.Path, TempDatabase.Options);
        Db.LinqItems.InsertMany(LinqData.Typed(300, seed: 21));
        foreach (var insert in LinqData.MissingMemberInserts(Db.LinqItems.Name, 1001, 25, seed: 22))
        {
            Db.Sql.Execute(insert);
        }

        All = [.. Db.LinqItems.FindAll().OrderBy(i => i.Id)];
    }

    public LinqDb Db { get; }

    public IReadOnlyList<LinqItem> All { get; }

    /// <summary>
    /// The same query rebuilt from its expression tree by its provider: a query the generator never saw, so it
    /// runs through the run-time planner (a chain's last operator may be intercepted, and what it returns
    /// carries a compiled plan to whatever enumerates it).
    /// </summary>
    public static IQueryable<T> Runtime<T>(IQueryable<T> query) => query.Provider.CreateQuery<T>(query.Expression);

    /// <summary>Runs <paramref name="compiled"/> and reports whether it ran a compiled plan.</summary>
    public static (T Result, bool Compiled) Run<T>(Func<T> compiled)
    {
        var before = CompiledQuery.RunsOnThisThread;
        var result = compiled();
        return (result, CompiledQuery.RunsOnThisThread > before);
    }

    public static List<int> Ids(IEnumerable<LinqItem> items) => [.. items.Select(i => i.Id)];

    public void Dispose()
    {
        Db.Dispose();
        _temp.Dispose();
    }
}
