using System.Globalization;
using DocStore.Benchmarks.Compare.Data;

namespace DocStore.Benchmarks.Compare.Workloads;

/// <summary>One <c>linq_*</c> query's argument, drawn from the run's seeded stream before the timed call.</summary>
/// <param name="Number">The id, age, city, tag or score bound the query is about.</param>
/// <param name="Text">The email, email prefix, city or tag as a string (empty where unused).</param>
/// <param name="Ids">The primary keys of <see cref="LinqKind.IdsIn"/> (empty otherwise).</param>
internal sealed record LinqQuestion(long Number, string Text, long[] Ids)
{
    public const int ScoreBound = 20;
    public const int IdCount = 10;

    public static LinqQuestion Next(LinqKind kind, Random random, int documents)
    {
        switch (kind)
        {
            case LinqKind.Email:
                var id = random.NextInt64(1, documents + 1);
                return new(id, $"user{id}@example.org", []);
            case LinqKind.AgeRange:
                return new(PersonFactory.MinAge + random.Next(PersonFactory.AgeSpan - AgeWindow(documents) + 1), "", []);
            case LinqKind.EmailPrefix:
                var (low, high) = PrefixNumbers(documents);
                var number = random.Next(low, high + 1);
                return new(number, "user" + number.ToString(CultureInfo.InvariantCulture), []);
            case LinqKind.City:
                var city = random.Next(PersonFactory.CityCount);
                return new(city, PersonFactory.City(city), []);
            case LinqKind.Tag:
                var tag = random.Next(PersonFactory.TagCount);
                return new(tag, PersonFactory.Tag(tag), []);
            case LinqKind.ScoreBelow or LinqKind.NameAgeOfScoreBelow:
                return new(ScoreBound, "", []);
            default:
                // Distinct keys: a baseline that gets each key in turn must not return a person twice.
                var ids = new HashSet<long>();
                while (ids.Count < Math.Min(IdCount, documents))
                {
                    ids.Add(random.NextInt64(1, documents + 1));
                }

                return new(0, "", [.. ids]);
        }
    }

    /// <summary>Ages per range so that a range matches about 1,000 people, as in <c>range_age_1000</c>.</summary>
    public static int AgeWindow(int documents) => QueryWorkload.AgeWindow(documents);

    /// <summary>
    /// The numbers <c>n</c> for which prefix <c>user{n}</c> matches about 100 emails: <c>user{n}@</c>, ten
    /// <c>user{n}D@</c> and a hundred <c>user{n}DD@</c>, the last of which (<c>n * 100 + 99</c>) is a stored id.
    /// </summary>
    public static (int Low, int High) PrefixNumbers(int documents)
    {
        var high = Math.Max(1, (documents / 100) - 1);
        var low = (int)Math.Pow(10, high.ToString(CultureInfo.InvariantCulture).Length - 1);
        return (low, high);
    }
}
