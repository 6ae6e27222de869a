namespace DocStore.Benchmarks.Compare.Data;

/// <summary>
/// The document every engine stores for the people workloads: scalars, a nested object (for the path
/// index on <c>Address.City</c>) and an array (for the multikey index on <c>Tags</c>).
/// </summary>
public sealed class Person
{
    public long Id { get; set; }

    public string Name { get; set; } = "";

    public string Email { get; set; } = "";

    public int Age { get; set; }

    public int Score { get; set; }

    public Address Address { get; set; } = new();

    public string[] Tags { get; set; } = [];

    public string Bio { get; set; } = "";
}
