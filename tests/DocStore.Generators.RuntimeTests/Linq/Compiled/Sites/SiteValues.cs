namespace DocStore.Generators.RuntimeTests.Linq.Compiled.Sites;

/// <summary>The pools the sites' captured values are drawn from: the data's values, nulls, and values no document has.</summary>
internal static class SiteValues
{
    public static readonly int[] Ranks = [0, 1, 3, 6, 7, -1];
    public static readonly double[] Weights = [.. LinqData.Weights, 0.5, -10];
    public static readonly int?[] Levels = [null, 0, 1, 3, 9];
    public static readonly string?[] Names = [.. LinqData.Names, "nobody"];
    public static readonly string[] Prefixes = ["", "a", "A", "al", "C0", "C5", "M", "É", "zz"];
    public static readonly LinqKind?[] Grades = [null, .. LinqData.Kinds, (LinqKind)3];
    public static readonly DateTime?[] Dates = [null, .. LinqData.Dates.Select(d => (DateTime?)d), new DateTime(2005, 1, 1, 0, 0, 0, DateTimeKind.Utc)];
    public static readonly int[] Zips = [0, 1, 2, 3, 4];
    public static readonly bool[] Bools = [false, true];
    public static readonly string[] Codes = ["C001", "C500", "C007", "M1005", "nope", "C123"];
    public static readonly int[] Ages = [.. LinqData.Ages, 4, -1];
    public static readonly string?[] Cities = [.. LinqData.Cities, "Rome"];
    public static readonly string[] Tags = [.. LinqData.TagValues, "none"];
    public static readonly int?[] Scores = [null, 0, 3, 5, 9, 11];
    public static readonly int[] Spans = [0, 1, 3, 20];
}
