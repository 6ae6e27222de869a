// The tests check what these members' typed columns hold, which DOCS027 reports.
#pragma warning disable DOCS027

namespace DocStore.PostgreSQL.Tests.Models;

/// <summary>An index on a member of every type that has a PostgreSQL column, and a composite one.</summary>
[Collection]
[Index(nameof(Label), nameof(Amount))]
public partial class Reading
{
    [Key] public int Id { get; set; }
    [Index] public decimal Amount { get; set; }
    [Index] public DateTime At { get; set; }
    [Index] public DateTimeOffset? Seen { get; set; }
    [Index] public Guid Token { get; set; }
    [Index] public ObjectId Origin { get; set; }
    [Index] public double Ratio { get; set; }
    [Index] public long Big { get; set; }
    [Index] public bool Done { get; set; }
    [Index] public DateOnly Day { get; set; }
    [Index] public TimeOnly Time { get; set; }
    [Index] public TimeSpan Span { get; set; }
    [Index] public string? Label { get; set; }
}

/// <summary>A context holding only <see cref="Reading"/>.</summary>
[ContextCollections(typeof(Reading))]
public partial class ReadingDb : DocStoreContext
{
}
