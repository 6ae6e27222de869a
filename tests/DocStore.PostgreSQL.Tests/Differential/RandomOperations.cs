using DocStore.PostgreSQL.Tests.Models;

namespace DocStore.PostgreSQL.Tests.Differential;

/// <summary>
/// One random operation or query on a <see cref="MemberDb"/>, described as text: the documents it returned
/// (every member, in order), the count, the continuation, or the exception's type and code. Two backends
/// given the same operations must describe every one of them identically.
/// </summary>
internal sealed class RandomOperations(int seed)
{
    private static readonly string[] Handles = ["ada", "bob", "cy", "dee", "eve", "fay", "gus", "hal"];
    private static readonly string[] Cities = ["London", "Leeds", "Lyon", "Paris", "Berlin"];
    private static readonly string[] Tags = ["a", "b", "c", "d"];
    private static readonly string[] Lasts = ["Curie", "Hopper", "Curie", "Turing"];

    private readonly Random _random = new(seed);

    /// <summary>The next operation: a name for the failure message and the call that runs it on a context.</summary>
    public (string Name, Func<MemberDb, string> Run) Next()
    {
        // Every random choice is made here, before the call: both backends must run the very same operation.
        var roll = _random.Next(100);
        var score = _random.Next(0, 5);
        var tag = Pick(Tags);
        var city = Pick(Cities)[..1];
        var last = Pick(Lasts);
        var descending = _random.Next(2) == 0;
        return roll switch
        {
            < 25 => Insert(NewMember()),
            < 35 => Update(_random.Next(1, 30), NewMember()),
            < 42 => Upsert(_random.Next(1, 30), NewMember()),
            < 50 => Delete(_random.Next(1, 30)),
            < 58 => Query($"FindByScore {score}", db => db.Members.FindByScore(score)),
            < 66 => RangeQuery(),
            < 72 => Query($"FindByTags {tag}", db => db.Members.FindByTags(tag)),
            < 76 => Count($"CountByTags {tag}", db => db.Members.CountByTags(tag)),
            < 80 => Query($"FindByHomeCityPrefix {city}", db => db.Members.FindByHomeCityPrefix(city)),
            < 84 => Query($"FindByLast {last}", db => db.Members.FindByLast(last)),
            < 88 => Unique(Pick(Handles)),
            < 94 => Paged(),
            _ => Query($"Scan descending {descending}", db => db.Members.Scan(new QueryOptions { Descending = descending })),
        };
    }

    private Member NewMember() => new()
    {
        Handle = Pick(Handles) + _random.Next(3),
        Score = _random.Next(0, 5),
        Last = Pick(Lasts),
        First = Pick(Handles),
        Home = _random.Next(4) == 0 ? null : new Home { City = Pick(Cities) },
        Tags = [.. Tags.Where(_ => _random.Next(2) == 0)],
        Balance = _random.Next(-1000, 1000) / 100m,
        Joined = new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddMinutes(_random.Next(100000)),
        Note = _random.Next(3) == 0 ? null : "n" + _random.Next(10),
    };

    private (string, Func<MemberDb, string>) Insert(Member template)
    {
        var explicitKey = _random.Next(5) == 0 ? _random.Next(1, 30) : 0;
        return ($"Insert {template.Handle} key {explicitKey}", db => Outcome(() => db.Members.Insert(Copy(template, explicitKey)).ToString()));
    }

    private (string, Func<MemberDb, string>) Update(int id, Member template) =>
        ($"Update {id}", db => Outcome(() => db.Members.Update(Copy(template, id)).ToString()));

    private (string, Func<MemberDb, string>) Upsert(int id, Member template) =>
        ($"Upsert {id}", db => Outcome(() => db.Members.Upsert(Copy(template, id)).ToString()));

    private static (string, Func<MemberDb, string>) Delete(int id) => ($"Delete {id}", db => Outcome(() => db.Members.Delete(id).ToString()));

    private (string, Func<MemberDb, string>) RangeQuery()
    {
        var low = _random.Next(0, 5);
        var high = _random.Next(low, 6);
        var options = new QueryOptions { Descending = _random.Next(2) == 0, Skip = _random.Next(3), Take = _random.Next(1, 20) };
        return ($"FindByScoreRange {low}..{high} {options}", db => Documents(() => db.Members.FindByScoreRange(low, high, options)));
    }

    private static (string, Func<MemberDb, string>) Unique(string handle) =>
        ($"FindByHandle {handle}0", db => Outcome(() => db.Members.FindByHandle(handle + "0")?.Describe() ?? "(none)"));

    private (string, Func<MemberDb, string>) Paged()
    {
        var take = _random.Next(1, 4);
        var tag = Pick(Tags);
        var descending = _random.Next(2) == 0;
        return ($"FindByTags {tag} in pages of {take}", db => Pages(db, tag, take, descending));
    }

    /// <summary>Every page of a FindByTags query, each with its continuation, until the last.</summary>
    private static string Pages(MemberDb db, string tag, int take, bool descending)
    {
        var pages = new List<string>();
        string? after = null;
        do
        {
            var page = db.Members.FindByTags(tag, new QueryOptions { Take = take, After = after, Descending = descending }).ToPage();
            pages.Add(string.Join(";", page.Items.Select(m => m.Describe())) + " -> " + (page.Continuation ?? "end"));
            after = page.Continuation;
        }
        while (after is not null);
        return string.Join("\n", pages);
    }

    private static (string, Func<MemberDb, string>) Query(string name, Func<MemberDb, IEnumerable<Member>> query) => (name, db => Documents(() => query(db)));

    private static (string, Func<MemberDb, string>) Count(string name, Func<MemberDb, long> count) => (name, db => Outcome(() => count(db).ToString(System.Globalization.CultureInfo.InvariantCulture)));

    private static string Documents(Func<IEnumerable<Member>> query) => Outcome(() => string.Join("\n", query().Select(m => m.Describe())));

    private static string Outcome(Func<string> operation)
    {
        try
        {
            return operation();
        }
        catch (DocStoreException e)
        {
            return $"{e.GetType().Name} {e.ErrorCode}";
        }
        catch (InvalidOperationException e)
        {
            return e.GetType().Name;
        }
    }

    private static Member Copy(Member template, int id) => new()
    {
        Id = id,
        Handle = template.Handle,
        Score = template.Score,
        Last = template.Last,
        First = template.First,
        Home = template.Home is null ? null : new Home { City = template.Home.City },
        Tags = [.. template.Tags],
        Balance = template.Balance,
        Joined = template.Joined,
        Note = template.Note,
    };

    private T Pick<T>(T[] items) => items[_random.Next(items.Length)];
}
