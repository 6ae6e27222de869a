namespace DocStore.Generators.Tests.QueryChecks;

/// <summary>Every form the run-time translation accepts gets no diagnostic, in a query an index serves.</summary>
public class TranslatableQueryTests
{
    [Theory]
    [InlineData("p.Address.City == city")]
    [InlineData("p.Age >= minAge && p.Age < minAge * 2 + 1")]
    [InlineData("p.Age > filter.MinAge && p.Address.City == filter.City")]
    [InlineData("3 < p.Age")]
    [InlineData("p.Active")]
    [InlineData("!p.Active")]
    [InlineData("p.Active == true")]
    [InlineData("p.Score == null || p.Score != null")]
    [InlineData("p.Address != null")]
    [InlineData("p.Score.HasValue && p.Score.Value > 3")]
    [InlineData("p.Score > 3")]
    [InlineData("p.Name.StartsWith(city)")]
    [InlineData("p.Name.StartsWith(\"a\", StringComparison.Ordinal)")]
    [InlineData("p.Tags.Contains(\"math\")")]
    [InlineData("ids.Contains(p.Id)")]
    [InlineData("names.Contains(p.Name)")]
    [InlineData("p.Lines.Any(l => l.Quantity > 3 && l.Sku == city)")]
    [InlineData("p.Lines.Any(l => l.Sku == city && p.Active)")]
    [InlineData("p.Tags.Any()")]
    [InlineData("p.Tags.Any(t => t == city)")]
    [InlineData("p.Name != city || !(p.Age < 3)")]
    [InlineData("string.IsNullOrEmpty(p.Nick)")]
    [InlineData("p.Name.Equals(city) | p.Age.Equals(3) & string.Equals(city, p.Nick)")]
    [InlineData("minAge > 3")]
    [InlineData("city == null || p.Age > (int)Math.Round(2.5)")]
    public void A_translatable_condition_beside_an_indexed_one(string condition) =>
        Assert.Empty(QuerySource.Analyze($"people.Query().Where(p => p.Email == city && ({condition})).ToList();"));

    [Theory]
    [InlineData("p => p.Name")]
    [InlineData("p => Tuple.Create(p.Name, p.Address.City)")]
    [InlineData("p => new { p.Name, City = p.Address.City }")]
    [InlineData("p => new Address { City = p.Address.City, Street = p.Name }")]
    [InlineData("p => new KeyValuePair<string, int>(p.Name, p.Age)")]
    [InlineData("p => p.Shout()")]
    public void A_projection(string selector) =>
        Assert.Empty(QuerySource.Analyze($"people.Query().Where(p => p.Email == city).OrderBy(p => p.Address.City).ThenBy(p => p.Name, StringComparer.Ordinal).ThenByDescending(p => p.Age).Skip(5).Take(5).Select({selector}).ToList();"));

    [Theory]
    [InlineData("_ = people.Query().First(p => p.Id == 3);")]
    [InlineData("_ = people.Query().Where(p => p.Email == city).SingleOrDefault();")]
    [InlineData("_ = people.Query().Count(p => p.Tags.Contains(city));")]
    [InlineData("_ = people.Query().LongCount();")]
    [InlineData("_ = people.Query(tx).Any(p => ids.Contains(p.Id));")]
    [InlineData("_ = people.Query().Where(p => p.Address.City == city).ToListAsync();")]
    [InlineData("_ = people.Query().Where(p => p.Id > minAge).Explain();")]
    [InlineData("foreach (var p in people.Query().Where(p => p.Country == city)) { }")]
    [InlineData("var all = people.Query().ToList();")]
    [InlineData("var found = (from p in people.Query() where p.Email == city orderby p.Email select p.Name).ToList();")]
    public void A_whole_query(string statement) => Assert.Empty(QuerySource.Analyze(statement));
}
