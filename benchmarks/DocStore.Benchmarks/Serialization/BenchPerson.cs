using System.Text.Json;
using System.Text.Json.Serialization;
using DocStore.Bson;
using MemoryPack;

// This model never goes to PostgreSQL; the project references the package for the pg_* rows (DOCS027).
#pragma warning disable DOCS027

namespace DocStore.Benchmarks.Serialization;

/// <summary>
/// A realistic person document of about 160 stored values: 12 scalars, a nested address, 5 tags and
/// 10 employment-history entries of 9 values and 5 tags each. The same type serves DocStore's
/// generated serializer, System.Text.Json's source generator and MemoryPack's source generator.
/// </summary>
[Collection("BenchPeople")]
[MemoryPackable]
public sealed partial class BenchPerson
{
    [Key]
    [JsonConverter(typeof(ObjectIdJsonConverter))]
    public ObjectId Id { get; set; }

    public string FirstName { get; set; } = "";
    public string LastName { get; set; } = "";
    public string Email { get; set; } = "";
    public int Age { get; set; }
    public DateTime Birth { get; set; }
    public decimal Salary { get; set; }
    public bool Active { get; set; }
    public double Score { get; set; }
    public string Phone { get; set; } = "";
    public DateTime Created { get; set; }
    public DateTime Updated { get; set; }
    public BenchAddress Address { get; set; } = new();
    public List<string> Tags { get; set; } = [];
    public List<BenchJob> Employment { get; set; } = [];

    /// <summary>A deterministic sample document.</summary>
    public static BenchPerson Sample()
    {
        var start = new DateTime(2001, 3, 1, 9, 0, 0, DateTimeKind.Utc);
        var person = new BenchPerson
        {
            Id = ObjectId.Parse("65a1b2c3d4e5f60718293a4b"),
            FirstName = "Augusta Ada",
            LastName = "King-Noel",
            Email = "ada.lovelace@example.org",
            Age = 36,
            Birth = new DateTime(1815, 12, 10, 0, 0, 0, DateTimeKind.Utc),
            Salary = 123456.78m,
            Active = true,
            Score = 98.6,
            Phone = "+44 20 7946 0000",
            Created = start,
            Updated = start.AddDays(900),
            Address = new BenchAddress { Street = "12 St James's Square", City = "London", Zip = "SW1Y 4JH", Country = "United Kingdom", Latitude = 51.5074, Longitude = -0.1347 },
            Tags = ["mathematics", "poetry", "engines", "analysis", "notes"],
        };
        for (int i = 0; i < 10; i++)
        {
            person.Employment.Add(new BenchJob
            {
                Company = "Analytical Engines Ltd " + i,
                Title = "Senior Programmer " + i,
                Start = start.AddYears(i),
                End = start.AddYears(i + 1).AddDays(-1),
                Salary = 50000m + (i * 2500.25m),
                Rating = 4.5 - (i * 0.1),
                Remote = i % 2 == 0,
                Level = i + 1,
                Manager = "Charles Babbage " + i,
                Tags = ["c#", "storage", "btree", "wal", "team" + i],
            });
        }

        return person;
    }
}

/// <summary>The nested address.</summary>
[MemoryPackable]
public sealed partial class BenchAddress
{
    public string Street { get; set; } = "";
    public string City { get; set; } = "";
    public string Zip { get; set; } = "";
    public string Country { get; set; } = "";
    public double Latitude { get; set; }
    public double Longitude { get; set; }
}

/// <summary>One employment-history entry.</summary>
[MemoryPackable]
public sealed partial class BenchJob
{
    public string Company { get; set; } = "";
    public string Title { get; set; } = "";
    public DateTime Start { get; set; }
    public DateTime End { get; set; }
    public decimal Salary { get; set; }
    public double Rating { get; set; }
    public bool Remote { get; set; }
    public int Level { get; set; }
    public string Manager { get; set; } = "";
    public List<string> Tags { get; set; } = [];
}

/// <summary>ObjectId as its 24-character hex string, for System.Text.Json.</summary>
public sealed class ObjectIdJsonConverter : JsonConverter<ObjectId>
{
    /// <inheritdoc />
    public override ObjectId Read(ref Utf8JsonReader reader, Type typeToConvert, JsonSerializerOptions options) =>
        ObjectId.Parse(reader.GetString()!);

    /// <inheritdoc />
    public override void Write(Utf8JsonWriter writer, ObjectId value, JsonSerializerOptions options)
    {
        Span<char> hex = stackalloc char[ObjectId.Size * 2];
        value.TryFormat(hex, out int written, default, null);
        writer.WriteStringValue(hex[..written]);
    }
}

/// <summary>System.Text.Json's source-generated metadata for the benchmark document.</summary>
[JsonSerializable(typeof(BenchPerson))]
public sealed partial class BenchJsonContext : JsonSerializerContext;
