using System.Globalization;
using DocStore.PostgreSQL.Tests.Models;

namespace DocStore.PostgreSQL.Tests.Copying;

/// <summary>
/// A database written by the typed context, with every index kind and member type and values that must
/// survive exactly (decimal scale, the three DateTime kinds, offsets, long beyond int, Guid and ObjectId keys),
/// and the comparison of two databases through every read the typed context offers.
/// </summary>
internal static class CopyData
{
    public static void Seed(MemberDb db, int members = 40)
    {
        var kinds = new[] { DateTimeKind.Utc, DateTimeKind.Unspecified, DateTimeKind.Local };
        for (var i = 1; i <= members; i++)
        {
            db.Members.Insert(new Member
            {
                Handle = $"h{i:D3}",
                Score = i % 7,
                Last = i % 3 == 0 ? "Curie" : $"Last{i % 5}",
                First = $"First{i}",
                Home = i % 4 == 0 ? null : new Home { City = i % 2 == 0 ? "London" : "Lima" },
                Tags = i % 5 == 0 ? [] : [.. Enumerable.Range(0, i % 4).Select(t => $"tag{(i + t) % 6}")],
                Balance = decimal.Parse(string.Create(CultureInfo.InvariantCulture, $"{i}.{i % 3 * 10:D2}"), CultureInfo.InvariantCulture),
                Joined = new DateTime(2020, 1, 1, 0, 0, 0, kinds[i % 3]).AddTicks(i * 1_234_567L),
                Seen = i % 6 == 0 ? null : new DateTimeOffset(2024, 2, 29, 13, 45, 30, TimeSpan.FromMinutes(60 * (i % 5) - 120)).AddTicks(i),
                Token = new Guid(i, (short)i, (short)(i * 2), 1, 2, 3, 4, 5, 6, 7, (byte)i),
                Ratio = i / 3.0,
                Big = i % 2 == 0 ? i : long.MaxValue - i,
                Note = i % 4 == 1 ? null : $"note {i}",
            });
        }

        // Deleting some leaves gaps in the keys, as real data has.
        db.Members.Delete(5);
        db.Members.Delete(members);
        for (var i = 0; i < 8; i++)
        {
            db.Notes.Insert(new Note { Title = $"title {i % 3}" });
        }

        for (var i = 0; i < 6; i++)
        {
            db.Labels.Insert(new Label { Name = $"label-{(char)('a' + i)}", Owner = new Guid(100 + (i % 2), 0, 0, 0, 0, 0, 0, 0, 0, 0, 0) });
        }
    }

    /// <summary>Asserts that <paramref name="actual"/> reads as <paramref name="expected"/>: every document, in key order, and every FindBy for every stored value.</summary>
    public static void AssertSame(MemberDb expected, MemberDb actual)
    {
        var members = expected.Members.Scan().ToList();
        Assert.NotEmpty(members);
        Assert.Equal(members.Select(m => m.Describe()), actual.Members.Scan().Select(m => m.Describe()));
        foreach (var member in members)
        {
            Assert.Equal(member.Describe(), actual.Members.Get(member.Id)?.Describe());
            Assert.Equal(expected.Members.FindByHandle(member.Handle)?.Id, actual.Members.FindByHandle(member.Handle)?.Id);
            Assert.Equal(Ids(expected.Members.FindByScore(member.Score)), Ids(actual.Members.FindByScore(member.Score)));
            Assert.Equal(Ids(expected.Members.FindByLastFirst(member.Last, member.First)), Ids(actual.Members.FindByLastFirst(member.Last, member.First)));
            Assert.Equal(Ids(expected.Members.FindByLast(member.Last)), Ids(actual.Members.FindByLast(member.Last)));
            foreach (var tag in member.Tags)
            {
                Assert.Equal(Ids(expected.Members.FindByTags(tag)), Ids(actual.Members.FindByTags(tag)));
            }

            if (member.Home is { } home)
            {
                Assert.Equal(Ids(expected.Members.FindByHomeCity(home.City)), Ids(actual.Members.FindByHomeCity(home.City)));
            }
        }

        Assert.Equal(Ids(expected.Members.FindByTagsRange("tag0", "tag9")), Ids(actual.Members.FindByTagsRange("tag0", "tag9")));
        Assert.Equal(Ids(expected.Members.FindByScoreRange(2, 5)), Ids(actual.Members.FindByScoreRange(2, 5)));
        Assert.Equal(Ids(expected.Members.FindByHomeCityPrefix("L")), Ids(actual.Members.FindByHomeCityPrefix("L")));

        var notes = expected.Notes.Scan().ToList();
        Assert.Equal(notes.Select(n => $"{n.Id}/{n.Title}"), actual.Notes.Scan().Select(n => $"{n.Id}/{n.Title}"));
        foreach (var title in notes.Select(n => n.Title).Distinct())
        {
            Assert.Equal(expected.Notes.FindByTitle(title).Select(n => n.Id), actual.Notes.FindByTitle(title).Select(n => n.Id));
        }

        var labels = expected.Labels.Scan().ToList();
        Assert.Equal(labels.Select(l => $"{l.Name}/{l.Owner}"), actual.Labels.Scan().Select(l => $"{l.Name}/{l.Owner}"));
        foreach (var owner in labels.Select(l => l.Owner).Distinct())
        {
            Assert.Equal(expected.Labels.FindByOwner(owner).Select(l => l.Name), actual.Labels.FindByOwner(owner).Select(l => l.Name));
        }
    }

    private static List<int> Ids(IEnumerable<Member> members) => [.. members.Select(m => m.Id)];
}
