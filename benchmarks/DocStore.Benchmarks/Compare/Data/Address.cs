namespace DocStore.Benchmarks.Compare.Data;

/// <summary>The nested part of a <see cref="Person"/>.</summary>
public sealed class Address
{
    public string Street { get; set; } = "";

    public string City { get; set; } = "";

    public int Zip { get; set; }
}
