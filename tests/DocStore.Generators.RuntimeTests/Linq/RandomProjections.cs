// The projections are expression trees the test composes at run time; it never runs trimmed.
#pragma warning disable IL2026, IL3050

using System.Linq.Expressions;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// The projections the differential test ends queries with: a member, a nullable and a nested member, a
/// value tuple, a named type by constructor and by object initializer, anonymous types and a computed
/// value. Each is written as a user writes it and, for the oracle, as LINQ-to-objects must read it: a path
/// through a missing parent is null (or the member's default for a value), as the run time projects it.
/// Results are boxed so that one comparison serves every shape (tuples, records and anonymous types
/// compare by value).
/// </summary>
internal static class RandomProjections
{
    /// <summary>
    /// One projection: its text, the query side run with a terminal (0 ToList, 1 ToListAsync, 2 Count,
    /// 3 FirstOrDefaultAsync; each result boxed) and the oracle side with the same terminal.
    /// </summary>
    internal sealed record Projection(
        string Text,
        Func<IQueryable<LinqItem>, int, Task<List<object?>>> Query,
        Func<IEnumerable<LinqItem>, int, List<object?>> Oracle);

    public static readonly Projection[] All =
    [
        Of("p.Code", p => p.Code, p => p.Code),
        Of("p.Score", p => p.Score, p => p.Score),
        Of("p.Home.City", p => p.Home!.City, p => p.Home == null ? null : p.Home.City),
        Of("p.Home.Zip", p => p.Home!.Zip, p => p.Home == null ? 0 : p.Home.Zip),
        Of("p.Kind", p => p.Kind, p => p.Kind),
        Of("(p.Id, p.Name)", p => new ValueTuple<int, string?>(p.Id, p.Name), p => new ValueTuple<int, string?>(p.Id, p.Name)),
        Of("(p.Seen, p.Grade, p.Born)", p => new ValueTuple<DateTimeOffset, LinqKind?, DateTime?>(p.Seen, p.Grade, p.Born),
            p => new ValueTuple<DateTimeOffset, LinqKind?, DateTime?>(p.Seen, p.Grade, p.Born)),
        Of("new LinqRow(...)", p => new LinqRow(p.Id, p.Code, p.Home!.City, p.Score), p => new LinqRow(p.Id, p.Code, p.Home == null ? null : p.Home.City, p.Score)),
        Of("new LinqCard { ... }", p => new LinqCard { Id = p.Id, Kind = p.Kind, Weight = p.Weight, Active = p.Active, Zip = p.Home!.Zip },
            p => new LinqCard { Id = p.Id, Kind = p.Kind, Weight = p.Weight, Active = p.Active, Zip = p.Home == null ? 0 : p.Home.Zip }),
        Of("new { p.Id, p.Name, City }", p => new { p.Id, p.Name, City = p.Home!.City }, p => new { p.Id, p.Name, City = p.Home == null ? null : p.Home.City }),
        Of("new { p.Level, p.Seen, p.Grade }", p => new { p.Level, p.Seen, p.Grade }, p => new { p.Level, p.Seen, p.Grade }),
        Of("new { p.Id, Twice = p.Age * 2, NoName = p.Name == null }", p => new { p.Id, Twice = p.Age * 2, NoName = p.Name == null },
            p => new { p.Id, Twice = p.Age * 2, NoName = p.Name == null }),
    ];

    private static Projection Of<T>(string text, Expression<Func<LinqItem, T>> query, Func<LinqItem, T> oracle) =>
        new(text, (q, terminal) => Run(q.Select(query), terminal), (o, terminal) => Oracle(o.Select(oracle), terminal));

    private static async Task<List<object?>> Run<T>(IQueryable<T> rows, int terminal) => terminal switch
    {
        0 => [.. rows.ToList().Select(v => (object?)v)],
        1 => [.. (await rows.ToListAsync()).Select(v => (object?)v)],
        2 => [rows.Count()],
        _ => [await rows.FirstOrDefaultAsync()],
    };

    private static List<object?> Oracle<T>(IEnumerable<T> rows, int terminal) => terminal switch
    {
        0 or 1 => [.. rows.Select(v => (object?)v)],
        2 => [rows.Count()],
        _ => [rows.FirstOrDefault()],
    };
}

/// <summary>A projected named type built by object initializer, compared by value.</summary>
public sealed record LinqCard
{
    /// <summary>The key.</summary>
    public int Id { get; init; }

    /// <summary>An enum.</summary>
    public LinqKind Kind { get; init; }

    /// <summary>A double.</summary>
    public double Weight { get; init; }

    /// <summary>A bool.</summary>
    public bool Active { get; init; }

    /// <summary>A nested value member.</summary>
    public int Zip { get; init; }
}
