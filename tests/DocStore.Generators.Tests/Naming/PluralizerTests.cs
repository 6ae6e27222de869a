using DocStore.Generators.Parsing;

namespace DocStore.Generators.Tests.Naming;

public class PluralizerTests
{
    [Theory]
    [InlineData("Person", "People")]
    [InlineData("Category", "Categories")]
    [InlineData("Address", "Addresses")]
    [InlineData("Order", "Orders")]
    [InlineData("Day", "Days")]
    [InlineData("Box", "Boxes")]
    [InlineData("Match", "Matches")]
    [InlineData("Wish", "Wishes")]
    [InlineData("SalesPerson", "SalesPeople")]
    [InlineData("Child", "Children")]
    [InlineData("Personnel", "Personnels")]
    public void Collection_names_are_english_plurals(string type, string expected) =>
        Assert.Equal(expected, Pluralizer.Pluralize(type));
}
