using DocStore;

namespace DocStore.Generators.RuntimeTests.Models;

// Models for the engine-backed collection tests: every index kind on one type, and a string-keyed type.

[Collection]
[Index(nameof(Last), nameof(First))]
[Index("Tags[]")]
[Index("Home.City")]
public partial class Member
{
    [Key] public int Id { get; set; }
    [Index(Unique = true)] public string Handle { get; set; } = "";
    [Index] public int Score { get; set; }
    public string Last { get; set; } = "";
    public string First { get; set; } = "";
    public Home Home { get; set; } = new();
    public List<string> Tags { get; set; } = new();
    public Dictionary<string, int> Extra { get; set; } = new();
}

public class Home
{
    public string City { get; set; } = "";
}

[Collection]
public partial class Blob
{
    [Key] public string Name { get; set; } = "";
    [Index] public string Label { get; set; } = "";
    public byte[] Payload { get; set; } = [];
}
