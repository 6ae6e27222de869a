namespace DocStore.Cli.Tests;

/// <summary>A typed document with every .NET value C-BSON stores outside BSON's own types, at the top, in an array and nested.</summary>
[DocStore.Collection]
public partial class Moment
{
    [DocStore.Key] public int Id { get; set; }

    public DateTime UtcMs { get; set; }

    public DateTime UtcTicks { get; set; }

    public DateTime Unspecified { get; set; }

    public DateTimeOffset Offset { get; set; }

    public DateOnly Day { get; set; }

    public TimeOnly Time { get; set; }

    public TimeSpan Duration { get; set; }

    public Guid Ref { get; set; }

    public decimal Price { get; set; }

    public List<DateTime> History { get; set; } = [];

    public Stamp Inner { get; set; } = new();

    /// <summary>Two moments whose values differ in kind, precision and sign.</summary>
    public static Moment[] Samples() =>
    [
        new()
        {
            Id = 1,
            UtcMs = new DateTime(2024, 2, 29, 13, 45, 30, 123, DateTimeKind.Utc),
            UtcTicks = new DateTime(2024, 2, 29, 13, 45, 30, DateTimeKind.Utc).AddTicks(1234567),
            Unspecified = new DateTime(2023, 12, 31, 23, 59, 59, DateTimeKind.Unspecified),
            Offset = new DateTimeOffset(2024, 3, 1, 8, 0, 0, TimeSpan.FromHours(2)).AddTicks(5),
            Day = new DateOnly(2024, 2, 29),
            Time = new TimeOnly(13, 45, 30, 500),
            Duration = new TimeSpan(1, 2, 3, 4, 500),
            Ref = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e"),
            Price = 1.50m,
            History = [new DateTime(1999, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(2000, 6, 15, 12, 0, 0, DateTimeKind.Unspecified)],
            Inner = new Stamp { At = new DateTime(1960, 5, 4, 3, 2, 1, DateTimeKind.Utc), For = TimeSpan.FromMinutes(-90) },
        },
        new()
        {
            Id = 2,
            UtcMs = DateTime.UnixEpoch,
            UtcTicks = new DateTime(9999, 12, 31, 23, 59, 59, DateTimeKind.Utc).AddTicks(9999999),
            Unspecified = new DateTime(1, 1, 1, 0, 0, 0, DateTimeKind.Unspecified),
            Offset = new DateTimeOffset(1990, 7, 1, 23, 30, 0, TimeSpan.FromMinutes(-570)),
            Day = DateOnly.MinValue,
            Time = TimeOnly.MinValue,
            Duration = TimeSpan.Zero,
            Ref = Guid.Empty,
            Price = -123456789.000m,
            Inner = new Stamp { At = new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc).AddTicks(1), For = TimeSpan.MaxValue },
        },
    ];
}

/// <summary>A nested document of <see cref="Moment"/>.</summary>
public sealed class Stamp
{
    public DateTime At { get; set; }

    public TimeSpan For { get; set; }
}

public partial class MomentDb : DocStoreContext { }
