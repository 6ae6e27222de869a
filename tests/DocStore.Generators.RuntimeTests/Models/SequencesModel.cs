namespace DocStore.Generators.RuntimeTests.Models;

/// <summary>Sequence shapes whose decoding sizes the collection from a count of the stored elements: jagged arrays (which fill a list), nullable elements, sets and empty sequences.</summary>
[Collection]
public partial class Shelf
{
    [Key]
    public int Id { get; set; }

    public int[][] Grid { get; set; } = [];

    public string?[] Labels { get; set; } = [];

    public long?[] Counts { get; set; } = [];

    public List<List<string>> Rows { get; set; } = [];

    public HashSet<string> Set { get; set; } = [];

    public IReadOnlyList<double> Empty { get; set; } = [];
}
