using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// A database of scholars: typed rows with a spread of values (nulls, duplicates, negative ages, ties),
/// and raw rows inserted through SQL that lack fields, so that their members read as defaults.
/// </summary>
internal static class ScholarData
{
    public static readonly string[] Cities = ["Rome", "Oslo", "Lima", "rome"];

    public static ScholarDb Open()
    {
        var db = ScholarDb.OpenInMemory();
        foreach (var scholar in Typed())
        {
            db.Scholars.Insert(scholar);
        }

        // Missing fields: Age, Active, Level, Score, Email, Address, Tags and Items absent in some.
        db.Sql.Execute("""
            INSERT INTO Scholars VALUES
              ({"Id": 100}),
              ({"Id": 101, "Email": "raw@x.org"}),
              ({"Id": 102, "Age": 0, "Active": false, "Tags": ["math"]}),
              ({"Id": 103, "Email": null, "Score": null, "Address": {"City": "Oslo"}})
            """);
        return db;
    }

    /// <summary>Every stored document read back, in key order: what LINQ-to-objects queries run over.</summary>
    public static List<Scholar> All(ScholarDb db) => [.. db.Scholars.FindAll()];

    private static IEnumerable<Scholar> Typed()
    {
        string[] emails = ["ada@x.org", "adam@y.org", "Ada@z.org", "bob@x.org", "ad%_@x.org", "carl@x.org", "émile@x.org", "zed@x.org"];
        string[][] tags = [["math"], ["math", "art"], [], ["art"], ["bio", "math"], ["Math"]];
        for (var i = 1; i <= 40; i++)
        {
            yield return new Scholar
            {
                Id = i,
                Email = i % 9 == 0 ? null : emails[i % emails.Length],
                Age = (i * 7 % 50) - 5,
                Active = i % 3 != 0,
                Score = i % 4 == 0 ? null : i * 3 % 20,
                Level = (Level)(i % 3),
                Balance = (i * 13 % 17) - 8.25m,
                Joined = new DateTime(2020, 1, 1, 0, 0, 0, i % 2 == 0 ? DateTimeKind.Utc : DateTimeKind.Local).AddDays(i * 11),
                Badge = new Guid(i, 1, 2, [3, 4, 5, 6, 7, 8, 9, (byte)(i % 5)]),
                Nickname = i % 5 == 0 ? null : $"n{i % 6}",
                Address = i % 7 == 0 ? null : new Campus { City = Cities[i % Cities.Length], Zip = i % 10 },
                Tags = tags[i % tags.Length],
                Items = [.. Enumerable.Range(0, i % 4).Select(k => new Loan { Sku = ((char)('A' + ((i + k) % 3))).ToString(), Qty = (i + k * 5) % 9 })],
            };
        }
    }
}
