namespace DocStore.Benchmarks.Compare.Data;

/// <summary>
/// Builds the person with a given id, always the same one: every field is a pure function of the id, so
/// each engine stores identical documents and the verifier can recompute any of them without keeping a copy.
/// </summary>
public static class PersonFactory
{
    public const int CityCount = 100;
    public const int TagCount = 200;
    public const int MinAge = 18;
    public const int AgeSpan = 70;

    private static readonly string[] FirstNames = ["Ada", "Alan", "Grace", "Edsger", "Barbara", "Donald", "Frances", "Niklaus", "Radia", "Ken", "Margaret", "Dennis"];
    private static readonly string[] LastNames = ["Lovelace", "Turing", "Hopper", "Dijkstra", "Liskov", "Knuth", "Allen", "Wirth", "Perlman", "Thompson", "Hamilton", "Ritchie"];
    private static readonly string[] Cities = Enumerable.Range(0, CityCount).Select(i => $"City{i:D3}").ToArray();
    private static readonly string[] TagNames = Enumerable.Range(0, TagCount).Select(i => $"tag{i:D3}").ToArray();
    private const string BioAlphabet = "abcdefghijklmnopqrstuvwxyz ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

    /// <summary>The person with <paramref name="id"/>; <paramref name="bioLength"/> pads the document (about 1 KiB in all at 800).</summary>
    public static Person Create(long id, int bioLength)
    {
        var h = Mix((ulong)id);
        var tagCount = 1 + (int)(h % 4);
        var tags = new string[tagCount];
        for (var i = 0; i < tagCount; i++)
        {
            // Distinct tags per person, so a multikey match counts the person once.
            tags[i] = TagNames[(int)((Mix(h + (ulong)i) % (TagCount / 4)) + ((ulong)i * (TagCount / 4)))];
        }

        return new Person
        {
            Id = id,
            Name = FirstNames[(int)(h % (ulong)FirstNames.Length)] + " " + LastNames[(int)((h >> 8) % (ulong)LastNames.Length)],
            Email = $"user{id}@example.org",
            Age = AgeOf(id),
            Score = ScoreOf(id),
            Address = new Address { Street = $"{(h >> 16) % 9999} Main Street", City = CityOf(id), Zip = (int)((h >> 24) % 90000) + 10000 },
            Tags = tags,
            Bio = Bio(h, bioLength),
        };
    }

    public static int AgeOf(long id) => MinAge + (int)((Mix((ulong)id) >> 32) % AgeSpan);

    public static int ScoreOf(long id) => (int)((Mix((ulong)id) >> 40) % 100);

    public static string CityOf(long id) => Cities[(int)((Mix((ulong)id) >> 48) % CityCount)];

    public static string City(int index) => Cities[index];

    public static string Tag(int index) => TagNames[index];

    private static string Bio(ulong seed, int length) => string.Create(length, seed, static (span, s) =>
    {
        for (var i = 0; i < span.Length; i++)
        {
            s = Mix(s + (ulong)i);
            span[i] = BioAlphabet[(int)(s % (ulong)BioAlphabet.Length)];
        }
    });

    /// <summary>SplitMix64's finalizer: a cheap, well-spread hash of the id.</summary>
    private static ulong Mix(ulong x)
    {
        x += 0x9E3779B97F4A7C15UL;
        x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9UL;
        x = (x ^ (x >> 27)) * 0x94D049BB133111EBUL;
        return x ^ (x >> 31);
    }
}
