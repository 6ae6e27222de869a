namespace DocStore.Generators.RuntimeTests.Linq.Trial;

/// <summary>Two hundred people: cities, tags and pets spread so that the example's page is full.</summary>
internal static class TrialData
{
    private static readonly string[] Cities = ["London", "Paris", "Oslo"];
    private static readonly string[] Names = ["ada", "adam", "bob", "carla", "ad", "Ada"];

    public static List<TrialPerson> People() =>
    [
        .. Enumerable.Range(1, 200).Select(i => new TrialPerson
        {
            Id = i,
            Email = $"{Names[i % Names.Length]}{i}@example.org",
            Age = i * 7 % 61,
            Address = i % 9 == 0 ? null : new TrialAddress { City = Cities[i % Cities.Length] },
            Tags = i % 2 == 0 || i % 3 == 0 ? ["math", "art"] : i % 5 == 0 ? ["math"] : [],
            Pets = i % 4 == 0 ? [new TrialPet { Name = "Rex", Age = i % 6 }, new TrialPet { Name = "Tom", Age = 2 }] : [],
        }),
    ];

    public static TrialDb Open()
    {
        var db = TrialDb.OpenInMemory();
        db.TrialPeople.InsertMany(People());
        return db;
    }
}
