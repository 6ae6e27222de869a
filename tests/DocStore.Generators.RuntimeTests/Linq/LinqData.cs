using DocStore.Bson;

namespace DocStore.Generators.RuntimeTests.Linq;

/// <summary>
/// The documents the LINQ differential test queries: typed inserts drawn from small value domains (so
/// equalities hit, ties happen and nulls, empty arrays and mixed case occur), plus documents written
/// through SQL that lack members, which the typed model reads as their defaults.
/// </summary>
internal static class LinqData
{
    public static readonly int[] Ages = [0, 1, 2, 3, 5, 8, 13];
    public static readonly string?[] Names = [null, "", "ann", "Ann", "bob", "Bob", "al", "alan", "Émile", "zed"];
    public static readonly string?[] Cities = [null, "", "London", "london", "Paris", "Lo", "Oslo"];
    public static readonly string[] TagValues = ["math", "Math", "art", "x", ""];
    public static readonly string[] Skus = ["A", "B", "C", "AB"];
    public static readonly double[] Weights = [0, 1.5, -2, 3.25, 10];
    public static readonly DateTime[] Dates =
    [
        new(1990, 1, 1, 0, 0, 0, DateTimeKind.Utc), new(2000, 6, 15, 12, 30, 0, DateTimeKind.Utc),
        new(2020, 2, 29, 0, 0, 0, DateTimeKind.Utc), new(1970, 1, 1, 0, 0, 0, DateTimeKind.Utc),
    ];

    public static readonly LinqKind[] Kinds = [LinqKind.None, LinqKind.Gold, LinqKind.Silver, LinqKind.Bronze];
    public static readonly DateTimeOffset[] Instants =
    [
        new(2000, 1, 1, 0, 0, 0, TimeSpan.Zero), new(2000, 1, 1, 2, 0, 0, TimeSpan.FromHours(2)),
        new(2010, 5, 5, 8, 30, 0, TimeSpan.FromHours(-5)), new(1999, 12, 31, 23, 0, 0, TimeSpan.Zero), default,
    ];

    /// <summary>Typed documents 1..<paramref name="count"/>.</summary>
    public static List<LinqItem> Typed(int count, int seed)
    {
        var random = new Random(seed);
        var items = new List<LinqItem>(count);
        for (var id = 1; id <= count; id++)
        {
            items.Add(new LinqItem
            {
                Id = id,
                Code = "C" + (id * 7919 % 1000).ToString("D3"),
                Rank = id * 31 % 7,
                Level = id % 5 == 0 ? null : id % 4,
                Kind = Kinds[id % Kinds.Length],
                Grade = id % 3 == 0 ? null : Kinds[id * 7 % Kinds.Length],
                Seen = Instants[id % Instants.Length],
                Age = Pick(random, Ages),
                Score = random.Next(4) == 0 ? null : random.Next(10),
                Name = Pick(random, Names),
                Weight = Pick(random, Weights),
                Active = random.Next(2) == 0,
                Born = random.Next(3) == 0 ? null : Pick(random, Dates),
                Home = random.Next(5) == 0 ? null : new LinqHome { City = Pick(random, Cities), Zip = random.Next(4) },
                Stars = id % 4,
                Spot = id % 6 == 0 ? null! : new LinqSpot { Floor = id % 3 },
                Tags = random.Next(5) switch
                {
                    0 => null,
                    1 => [],
                    _ => [.. Enumerable.Range(0, random.Next(1, 4)).Select(_ => Pick(random, TagValues)).Distinct()],
                },
                Lines = random.Next(5) switch
                {
                    0 => null,
                    1 => [],
                    _ => [.. Enumerable.Range(0, random.Next(1, 4)).Select(_ => new LinqLine { Sku = Pick(random, Skus), Qty = random.Next(6) })],
                },
            });
        }

        return items;
    }

    /// <summary>
    /// Documents written through SQL with members missing (never <c>Age</c>, which orderings use; see
    /// docs/guide/indexes-and-queries.md on how a missing member sorts): ids from <paramref name="firstId"/>.
    /// </summary>
    public static IEnumerable<string> MissingMemberInserts(string collection, int firstId, int count, int seed)
    {
        var random = new Random(seed);
        for (var i = 0; i < count; i++)
        {
            var id = firstId + i;
            var fields = new List<string> { $"\"Id\": {id}", $"\"Age\": {Pick(random, Ages)}" };

            // The first lacks Code, which reads as its initializer ("") once deserialized (one only: the index is unique).
            if (i > 0)
            {
                fields.Add($"\"Code\": \"M{id}\"");
            }

            if (random.Next(2) == 0)
            {
                fields.Add($"\"Score\": {random.Next(10)}");
            }

            if (random.Next(3) == 0)
            {
                fields.Add(random.Next(2) == 0 ? "\"Home\": {\"City\": \"Paris\"}" : "\"Home\": {}");
            }

            if (random.Next(3) == 0)
            {
                fields.Add("\"Tags\": [\"math\"]");
            }

            if (random.Next(4) == 0)
            {
                fields.Add("\"Lines\": [{\"Sku\": \"A\"}]");
            }

            // Stars (= 2) and Spot (= new(), its Floor = 1) missing or stored, Spot also null or empty (by id: the draws above stay as they were).
            if (id % 2 == 0)
            {
                fields.Add($"\"Stars\": {id % 4}");
            }

            switch (id % 4)
            {
                case 0: fields.Add("\"Spot\": null"); break;
                case 1: fields.Add("\"Spot\": {}"); break;
                case 2: fields.Add($"\"Spot\": {{\"Floor\": {id % 3}}}"); break;
            }

            yield return $"INSERT INTO {collection} VALUES ({{{string.Join(", ", fields)}}})";
        }
    }

    private static T Pick<T>(Random random, T[] values) => values[random.Next(values.Length)];
}
