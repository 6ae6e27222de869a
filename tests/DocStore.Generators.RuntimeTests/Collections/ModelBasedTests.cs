using DocStore.Generators.RuntimeTests.Models;
using DocStore.Generators.RuntimeTests.Support;
using DocStore.Metadata;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>
/// Seeded random inserts, updates, upserts and deletes against an in-memory list: after every batch every
/// generated query (equality, range, prefix, multikey, path, composite and its prefix, with paging and
/// both directions) and every count (unique, non-unique, path, composite, multikey) returns exactly what
/// LINQ-to-objects returns on the list, in the same order; continuation paging walks equality, prefix and
/// multikey queries; the integrity check passes; and a reopened database answers the same.
/// </summary>
public class ModelBasedTests
{
    private int _refused;

    private const int Operations = 12_000;
    private const int BatchSize = 600;
    private static readonly string[] LastNames = ["Ada", "Babbage", "Curie", "Dijkstra", "Euler"];
    private static readonly string[] FirstNames = ["al", "bo", "cy", "di"];
    // Tags that prefix one another, so multikey prefix queries match several elements of one document.
    private static readonly string[] TagPool = ["a", "ab", "abc", "b", "ba", "c"];
    private static readonly string[] TagPrefixes = ["", "a", "ab", "b", "c", "z"];
    private static readonly string[] Cities = ["London", "Paris", "Rome", "Lisbon", ""];

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public void Random_operations_agree_with_a_list_model(int seed)
    {
        using var temp = new TempDatabase();
        var random = new Random(seed);
        var model = new Dictionary<int, Member>();
        var db = AppDb.Open(temp.Path, TempDatabase.Options);
        try
        {
            for (var done = 0; done < Operations; done += BatchSize)
            {
                var batch = done / BatchSize;
                if (batch % 2 == 0)
                {
                    for (var i = 0; i < BatchSize; i++)
                    {
                        Apply(db, null, model, random);
                    }
                }
                else
                {
                    // Groups of operations in explicit transactions; every fifth group rolls back.
                    for (var i = 0; i < BatchSize; i += 20)
                    {
                        var rollBack = random.Next(5) == 0;
                        var copy = rollBack ? model.ToDictionary(p => p.Key, p => Clone(p.Value)) : model;
                        using var tx = db.BeginTransaction();
                        for (var j = 0; j < 20; j++)
                        {
                            Apply(db, tx, copy, random);
                        }

                        if (!rollBack)
                        {
                            tx.Commit();
                        }
                    }
                }

                Verify(db, model, random);
                if (batch % 5 == 4)
                {
                    db.Dispose();
                    db = AppDb.Open(temp.Path, TempDatabase.Options);
                    Verify(db, model, random);
                }
            }

            var report = db.CheckIntegrity();
            Assert.True(report.IsValid, report.ToString());
            Assert.Equal(model.Count, db.Members.Count());
            Assert.InRange(model.Count, 200, Operations);
            Assert.InRange(_refused, 100, Operations / 4);
        }
        finally
        {
            db.Dispose();
        }
    }

    private void Apply(AppDb db, DocStoreTransaction? tx, Dictionary<int, Member> model, Random random)
    {
        var roll = random.Next(100);
        var existing = model.Count == 0 ? 0 : model.Keys.ElementAt(random.Next(model.Count));
        if (roll < 40 || model.Count == 0)
        {
            var member = RandomMember(random, random.Next(4) == 0 ? random.Next(1, 3000) : 0, model);
            Expect(model, member, isInsert: true, () => tx is null ? db.Members.Insert(member) : db.Members.Insert(tx, member));
        }
        else if (roll < 70)
        {
            var member = RandomMember(random, existing, model);
            Expect(model, member, isInsert: false, () => (tx is null ? db.Members.Update(member) : db.Members.Update(tx, member)) ? member.Id : -1);
        }
        else if (roll < 85)
        {
            var member = RandomMember(random, random.Next(2) == 0 ? existing : random.Next(1, 3000), model);
            Expect(model, member, isInsert: !model.ContainsKey(member.Id), () => tx is null ? db.Members.Upsert(member) : db.Members.Upsert(tx, member));
        }
        else
        {
            var id = random.Next(3) == 0 ? random.Next(1, 3000) : existing;
            var deleted = tx is null ? db.Members.Delete(id) : db.Members.Delete(tx, id);
            Assert.Equal(model.Remove(id), deleted);
        }
    }

    /// <summary>Runs a write and checks its outcome (stored, or refused as a duplicate) against the model, then updates the model.</summary>
    private void Expect(Dictionary<int, Member> model, Member member, bool isInsert, Func<int> write)
    {
        var handleTaken = model.Values.Any(m => m.Handle == member.Handle && m.Id != member.Id);
        var keyTaken = isInsert && member.Id != 0 && model.ContainsKey(member.Id);
        var missing = !isInsert && !model.ContainsKey(member.Id);
        if (handleTaken || keyTaken)
        {
            Assert.Throws<DuplicateKeyException>(() => write());
            _refused++;
            return;
        }

        var key = write();
        if (missing)
        {
            Assert.Equal(-1, key);
            return;
        }

        member.Id = key;
        model[key] = Clone(member);
    }

    private static Member RandomMember(Random random, int id, Dictionary<int, Member> model)
    {
        var member = new Member
        {
            Id = id,
            // One write in ten reuses a stored handle, to exercise unique violations.
            Handle = random.Next(10) == 0 && model.Count > 0 ? model.Values.ElementAt(random.Next(model.Count)).Handle : "h" + random.Next(100_000),
            Score = random.Next(-5, 15),
            Last = LastNames[random.Next(LastNames.Length)],
            First = FirstNames[random.Next(FirstNames.Length)],
            Home = new Home { City = Cities[random.Next(Cities.Length)] },
        };
        for (var t = random.Next(4); t > 0; t--)
        {
            member.Tags.Add(TagPool[random.Next(TagPool.Length)]);
        }

        return member;
    }

    private static Member Clone(Member m) => new()
    {
        Id = m.Id,
        Handle = m.Handle,
        Score = m.Score,
        Last = m.Last,
        First = m.First,
        Home = new Home { City = m.Home.City },
        Tags = [.. m.Tags],
    };

    private static void Verify(AppDb db, Dictionary<int, Member> model, Random random)
    {
        var all = model.Values.OrderBy(m => m.Id).ToList();
        Same(all, db.Members.Scan());
        Same(all.AsEnumerable().Reverse(), db.Members.Scan(new QueryOptions { Descending = true }));
        Assert.Equal(all.Count, db.Members.Count());

        foreach (var handle in new[] { "h" + random.Next(100_000), all.Count > 0 ? all[random.Next(all.Count)].Handle : "h0" })
        {
            Assert.Equal(all.SingleOrDefault(m => m.Handle == handle)?.Id, db.Members.FindByHandle(handle)?.Id);
            Assert.Equal(all.Count(m => m.Handle == handle), db.Members.CountByHandle(handle));
        }

        var prefix = "h" + random.Next(1, 100);
        var byHandlePrefix = all.Where(m => m.Handle.StartsWith(prefix, StringComparison.Ordinal)).OrderBy(m => m.Handle, StringComparer.Ordinal).ToList();
        Same(byHandlePrefix, db.Members.FindByHandlePrefix(prefix));
        Same(byHandlePrefix, Paged(options => db.Members.FindByHandlePrefix(prefix, options), random.Next(1, 4)));

        for (var score = -5; score < 15; score += 3)
        {
            Same(all.Where(m => m.Score == score), db.Members.FindByScore(score));
            Assert.Equal(all.Count(m => m.Score == score), db.Members.CountByScore(score));
        }

        var equalScore = random.Next(-5, 15);
        Same(all.Where(m => m.Score == equalScore), Paged(options => db.Members.FindByScore(equalScore, options), random.Next(1, 30)));

        var low = random.Next(-6, 10);
        var high = low + random.Next(0, 8);
        var range = all.Where(m => m.Score >= low && m.Score <= high).OrderBy(m => m.Score).ThenBy(m => m.Id).ToList();
        Same(range, db.Members.FindByScoreRange(low, high));
        Same(range.AsEnumerable().Reverse(), db.Members.FindByScoreRange(low, high, new QueryOptions { Descending = true }));
        var skip = random.Next(0, 30);
        var take = random.Next(1, 40);
        Same(range.Skip(skip).Take(take), db.Members.FindByScoreRange(low, high, new QueryOptions { Skip = skip, Take = take }));
        Same(range, Paged(options => db.Members.FindByScoreRange(low, high, options), take));

        var last = LastNames[random.Next(LastNames.Length)];
        var first = FirstNames[random.Next(FirstNames.Length)];
        Same(all.Where(m => m.Last == last && m.First == first), db.Members.FindByLastFirst(last, first));
        Assert.Equal(all.Count(m => m.Last == last && m.First == first), db.Members.CountByLastFirst(last, first));
        Same(all.Where(m => m.Last == last).OrderBy(m => m.First, StringComparer.Ordinal).ThenBy(m => m.Id), db.Members.FindByLast(last));
        Same(all.Where(m => m.Last == last).OrderBy(m => m.First, StringComparer.Ordinal).ThenBy(m => m.Id).Take(5), db.Members.FindByLast(last, new QueryOptions { Take = 5 }));

        foreach (var tag in TagPool)
        {
            Same(all.Where(m => m.Tags.Contains(tag)), db.Members.FindByTags(tag));
            Assert.Equal(all.Count(m => m.Tags.Contains(tag)), db.Members.CountByTags(tag));
        }

        // Equal elements make one entry, so paging a multikey equality query returns each document once.
        var pagedTag = TagPool[random.Next(TagPool.Length)];
        Same(all.Where(m => m.Tags.Contains(pagedTag)), Paged(options => db.Members.FindByTags(pagedTag, options), random.Next(1, 30)));

        var tagPrefix = TagPrefixes[random.Next(TagPrefixes.Length)];
        var tagEntries = all
            .SelectMany(m => m.Tags.Distinct().Where(t => t.StartsWith(tagPrefix, StringComparison.Ordinal)).Select(t => (Tag: t, Member: m)))
            .OrderBy(e => e.Tag, StringComparer.Ordinal).ThenBy(e => e.Member.Id)
            .ToList();
        Same(FirstPerDocument(tagEntries), db.Members.FindByTagsPrefix(tagPrefix));
        tagEntries.Reverse();
        Same(FirstPerDocument(tagEntries), db.Members.FindByTagsPrefix(tagPrefix, new QueryOptions { Descending = true }));
        tagEntries.Reverse();
        var tagPage = random.Next(1, 30);
        Same(PagedEntries(tagEntries, tagPage), Paged(options => db.Members.FindByTagsPrefix(tagPrefix, options), tagPage));

        var tagLow = TagPool[random.Next(TagPool.Length)];
        var tagHigh = TagPool[random.Next(TagPool.Length)];
        var byTag = all
            .Select(m => (Member: m, First: m.Tags.Where(t => string.CompareOrdinal(t, tagLow) >= 0 && string.CompareOrdinal(t, tagHigh) <= 0).Order(StringComparer.Ordinal).FirstOrDefault()))
            .Where(x => x.First is not null)
            .OrderBy(x => x.First, StringComparer.Ordinal).ThenBy(x => x.Member.Id)
            .Select(x => x.Member);
        Same(byTag, db.Members.FindByTagsRange(tagLow, tagHigh));

        var city = Cities[random.Next(Cities.Length)];
        Same(all.Where(m => m.Home.City == city), db.Members.FindByHomeCity(city));
        Same(all.Where(m => m.Home.City == city).Reverse(), db.Members.FindByHomeCity(city, new QueryOptions { Descending = true }));
        Assert.Equal(all.Count(m => m.Home.City == city), db.Members.CountByHomeCity(city));
        Same(all.Where(m => m.Home.City == city).Reverse(), Paged(options => db.Members.FindByHomeCity(city, options), random.Next(1, 30), descending: true));

        var byCity = all.OrderBy(m => m.Home.City, StringComparer.Ordinal).ThenBy(m => m.Id).ToList();
        var cityLow = Cities[random.Next(Cities.Length)];
        var cityHigh = Cities[random.Next(Cities.Length)];
        var cityRange = byCity.Where(m => string.CompareOrdinal(m.Home.City, cityLow) >= 0 && string.CompareOrdinal(m.Home.City, cityHigh) <= 0).ToList();
        Same(cityRange, db.Members.FindByHomeCityRange(cityLow, cityHigh));
        Same(cityRange.AsEnumerable().Reverse(), db.Members.FindByHomeCityRange(cityLow, cityHigh, new QueryOptions { Descending = true }));

        var cityPrefix = city.Length == 0 ? "" : city[..random.Next(0, city.Length + 1)];
        var byCityPrefix = byCity.Where(m => m.Home.City.StartsWith(cityPrefix, StringComparison.Ordinal)).ToList();
        Same(byCityPrefix, db.Members.FindByHomeCityPrefix(cityPrefix));
        Same(byCityPrefix.AsEnumerable().Reverse(), db.Members.FindByHomeCityPrefix(cityPrefix, new QueryOptions { Descending = true }));
        Same(byCityPrefix, Paged(options => db.Members.FindByHomeCityPrefix(cityPrefix, options), random.Next(1, 60)));
    }

    /// <summary>The documents of multikey index entries (in scan order) as a query returns them: each once, at its first entry.</summary>
    private static IEnumerable<Member> FirstPerDocument(List<(string Tag, Member Member)> entries) =>
        entries.Select(e => e.Member).DistinctBy(m => m.Id);

    /// <summary>
    /// What paging through a multikey query returns: each page is a new query that returns a document once, at
    /// its first entry on that page, so a document may come again on a later page through another element
    /// (docs/catalog.md); a page that fills while entries of new documents remain ends with a continuation.
    /// </summary>
    private static List<Member> PagedEntries(List<(string Tag, Member Member)> entries, int pageSize)
    {
        var result = new List<Member>();
        var start = 0;
        while (true)
        {
            var onPage = new HashSet<int>();
            var last = -1;
            var i = start;
            for (; i < entries.Count; i++)
            {
                if (!onPage.Add(entries[i].Member.Id))
                {
                    continue;
                }

                if (onPage.Count > pageSize)
                {
                    break;
                }

                result.Add(entries[i].Member);
                last = i;
            }

            if (i == entries.Count)
            {
                return result;
            }

            start = last + 1;
        }
    }

    private static List<Member> Paged(Func<QueryOptions, DocumentQuery<Member>> query, int pageSize, bool descending = false)
    {
        var result = new List<Member>();
        var options = new QueryOptions { Take = pageSize, Descending = descending };
        while (true)
        {
            var page = query(options).ToPage();
            result.AddRange(page.Items);
            if (!page.HasMore)
            {
                return result;
            }

            options = options with { After = page.Continuation };
        }
    }

    private static void Same(IEnumerable<Member> expected, IEnumerable<Member> actual)
    {
        var want = expected.Select(Describe).ToList();
        var got = actual.Select(Describe).ToList();
        Assert.Equal(want, got);
    }

    private static string Describe(Member m) =>
        $"{m.Id}|{m.Handle}|{m.Score}|{m.Last}|{m.First}|{m.Home.City}|{string.Join(",", m.Tags)}";
}
