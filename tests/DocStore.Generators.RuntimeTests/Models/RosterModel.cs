using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

/// <summary>A member of every .NET date and time type, a Guid and a decimal, for SQL comparisons and date functions.</summary>
[Collection("Roster")]
[Index(nameof(Joined))]
[Index(nameof(Seen))]
public partial class Staffer
{
    [Key] public int Id { get; set; }
    public string Name { get; set; } = "";
    public DateTime Joined { get; set; }
    public DateTime? Ended { get; set; }
    public DateTimeOffset Seen { get; set; }
    public DateOnly Born { get; set; }
    public TimeOnly Starts { get; set; }
    public TimeSpan Shift { get; set; }
    public Guid Badge { get; set; }
    public decimal Salary { get; set; }
}
