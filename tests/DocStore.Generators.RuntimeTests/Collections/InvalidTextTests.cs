using DocStore.Generators.RuntimeTests.Models;

namespace DocStore.Generators.RuntimeTests.Collections;

/// <summary>A string with a lone surrogate has no UTF-8 form: the write is refused naming the collection, the document and the field.</summary>
public class InvalidTextTests
{
    [Fact]
    public void A_lone_surrogate_in_a_top_level_string_names_the_field()
    {
        using var db = AppDb.OpenInMemory();
        var e = Assert.Throws<ArgumentException>(() => db.People.Insert(new Person { Email = "ada\ud800@example.org" }));
        Assert.Contains("field 'Email'", e.Message, StringComparison.Ordinal);
        Assert.Contains("'People'", e.Message, StringComparison.Ordinal);
        Assert.Equal(0, db.People.Count());
    }

    [Fact]
    public void A_lone_surrogate_in_a_nested_string_names_its_path()
    {
        using var db = AppDb.OpenInMemory();
        var e = Assert.Throws<ArgumentException>(() => db.People.Insert(new Person { Email = "a@example.org", Address = new() { City = "Lon\udc00don" } }));
        Assert.Contains("field 'Address.City'", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_lone_surrogate_in_an_array_element_names_the_array()
    {
        using var db = AppDb.OpenInMemory();
        var key = db.People.Insert(new Person { Email = "a@example.org" });
        var person = db.People.Get(key)!;
        person.Tags.Add("ok");
        person.Tags.Add("\ud83d");
        var e = Assert.Throws<ArgumentException>(() => db.People.Update(person));
        Assert.Contains("field 'Tags[]'", e.Message, StringComparison.Ordinal);
        Assert.Contains(key.ToString(), e.Message, StringComparison.Ordinal);
        Assert.Empty(db.People.Get(key)!.Tags);
    }
}
