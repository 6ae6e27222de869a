namespace DocStore.Benchmarks.Compare.Data;

/// <summary>
/// The document every engine stores for the people workloads: scalars, a nested object (for the path
/// index on <c>Address.City</c>) and an array (for the multikey index on <c>Tags</c>). For DocStore it is a
/// <c>[Collection]</c>: the generator emits its serializer and <c>PersonCollection</c> with
/// <c>FindByEmail</c>, <c>FindByAgeRange</c>, <c>FindByAddressCity</c> and <c>FindByTags</c>.
/// </summary>
[Collection]
[Index("Address.City")]
[Index("Tags[]")]
public sealed partial class Person
{
    /// <summary>Set by the caller (ids start at 1; 0 would make DocStore draw the next sequence number).</summary>
    [Key]
    public long Id { get; set; }

    public string Name { get; set; } = "";

    [Index(Unique = true)]
    public string Email { get; set; } = "";

    [Index]
    public int Age { get; set; }

    public int Score { get; set; }

    public Address Address { get; set; } = new();

    public string[] Tags { get; set; } = [];

    public string Bio { get; set; } = "";
}
