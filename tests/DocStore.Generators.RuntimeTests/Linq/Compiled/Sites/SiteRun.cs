using System.Collections;
using System.Globalization;
using DocStore.Linq.Compiled;

namespace DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

/// <summary>One site of the table: its name, whether the generator compiles it (null: either), and the code that runs it.</summary>
internal sealed record Site(string Name, bool? Compiles, Func<SiteRun, Task> Run);

/// <summary>
/// What a site runs with: the database, the documents for the oracle, the run's random values, and the
/// comparison of the site's result (or exception) with LINQ-to-objects'. It records whether the call ran a
/// compiled plan.
/// </summary>
internal sealed class SiteRun(LinqDb db, IReadOnlyList<LinqItem> all, Random random)
{
    public LinqDb Db => db;

    public IReadOnlyList<LinqItem> All => all;

    /// <summary>True when the last compared call ran a compiled plan.</summary>
    public bool RanCompiled { get; private set; }

    public T Pick<T>(T[] values) => values[random.Next(values.Length)];

    public int Skip() => random.Next(4) == 0 ? 0 : random.Next(40);

    public int Take() => random.Next(40);

    /// <summary>Up to six ids, some of no document.</summary>
    public List<int> Ids() => [.. Enumerable.Range(0, random.Next(7)).Select(_ => random.Next(4) == 0 ? random.Next(1000, 1030) : random.Next(0, 310))];

    public Task Same<T>(Func<T> site, Func<T> oracle)
    {
        var before = CompiledQuery.RunsOnThisThread;
        var actual = Outcome(site);
        RanCompiled = CompiledQuery.RunsOnThisThread > before;
        Assert.Equal(Outcome(oracle), actual);
        return Task.CompletedTask;
    }

    public async Task SameAsync<T>(Func<Task<T>> site, Func<T> oracle)
    {
        // A compiled plan completes synchronously, so the counter is read on the thread that ran it.
        var before = CompiledQuery.RunsOnThisThread;
        var task = site();
        RanCompiled = task.IsCompleted && CompiledQuery.RunsOnThisThread > before;
        string actual;
        try
        {
            actual = Show(await task);
        }
        catch (Exception e)
        {
            actual = "throws " + e.GetType().Name;
        }

        Assert.Equal(Outcome(oracle), actual);
    }

    private static string Outcome<T>(Func<T> run)
    {
        try
        {
            return Show(run());
        }
        catch (Exception e) when (e is InvalidOperationException or ArgumentException)
        {
            return "throws " + e.GetType().Name;
        }
    }

    /// <summary>A document as its id, a sequence as its items, anything else as its value's text (records, tuples and anonymous types print their members).</summary>
    private static string Show(object? value) => value switch
    {
        null => "null",
        LinqItem item => "#" + item.Id.ToString(CultureInfo.InvariantCulture),
        string s => '"' + s + '"',
        IEnumerable items => "[" + string.Join(", ", items.Cast<object?>().Select(Show)) + "]",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };
}
