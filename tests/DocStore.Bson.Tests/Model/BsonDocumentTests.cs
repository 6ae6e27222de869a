using DocStore.Bson.Model;

namespace DocStore.Bson.Tests.Model;

public class BsonDocumentTests
{
    [Fact]
    public void Duplicate_names_are_kept_in_order_and_lookup_finds_the_first()
    {
        var document = new BsonDocument { { "a", 1 }, { "b", 2 }, { "a", 3 } };
        Assert.Equal(3, document.Count);
        Assert.Equal(new[] { "a", "b", "a" }, document.Names);
        Assert.Equal(1, document["a"].AsInt32);
        Assert.Equal(new BsonValue[] { 1, 3 }, document.GetAll("a"));
        Assert.Equal(2, document.Remove("a"));
        Assert.Equal(new[] { "b" }, document.Names);
    }

    [Fact]
    public void Set_replaces_the_first_value_or_appends()
    {
        var document = new BsonDocument { { "a", 1 } };
        document.Set("a", "one").Set("b", true);
        Assert.Equal("one", document["a"].AsString);
        Assert.True(document["b"].AsBoolean);
        document["c"] = 2.5;
        Assert.Equal(2.5, (double)document["c"]);
        Assert.Equal(new[] { "a", "b", "c" }, document.Names);
    }

    [Fact]
    public void Large_documents_find_names_through_an_index_that_follows_edits()
    {
        var document = new BsonDocument();
        for (var i = 0; i < 1000; i++)
        {
            document.Add($"f{i}", i);
        }

        Assert.Equal(999, document["f999"].AsInt32);
        document.Add("late", "x");
        Assert.Equal("x", document["late"].AsString);
        document.RemoveAt(0);
        Assert.False(document.Contains("f0"));
        Assert.Equal(0, document.IndexOf("f1"));
        document.Insert(0, new BsonElement("f1", "first"));
        Assert.Equal("first", document["f1"].AsString);
        document[0] = new BsonElement("renamed", 0);
        Assert.Equal(1, document["f1"].AsInt32);
        Assert.Equal(0, document.IndexOf("renamed"));
    }

    [Fact]
    public void Missing_names_throw_KeyNotFoundException_naming_the_field()
    {
        var error = Assert.Throws<KeyNotFoundException>(() => new BsonDocument()["nope"]);
        Assert.Contains("nope", error.Message, StringComparison.Ordinal);
        Assert.False(new BsonDocument().TryGetValue("nope", out _));
    }

    [Fact]
    public void Names_that_bson_cannot_store_are_rejected()
    {
        Assert.Throws<ArgumentException>(() => new BsonDocument().Add("a\0b", 1));
        Assert.Throws<ArgumentException>(() => new BsonDocument().Add("\uD800", 1));
        Assert.Throws<ArgumentException>(() => new BsonDocument().Add(default(BsonElement)));
        new BsonDocument().Add("", 1).Add("$weird.name", 2);
    }

    [Fact]
    public void Strings_with_unpaired_surrogates_are_rejected_but_nul_is_allowed()
    {
        Assert.Throws<ArgumentException>(() => new BsonString("a\uDC00"));
        Assert.Throws<ArgumentException>(() => new BsonString("\uD800b"));
        Assert.Equal("a\0b", new BsonString("a\0b").Value);
        Assert.Equal("\uD83D\uDE00", new BsonString("\uD83D\uDE00").Value);
        Assert.Throws<ArgumentException>(() => new BsonRegularExpression("a\0"));
    }

    [Fact]
    public void Null_values_are_stored_as_bson_null()
    {
        var document = new BsonDocument { { "a", (BsonValue?)null }, { "b", (string?)null } };
        Assert.True(document["a"].IsNull);
        Assert.True(document["b"].IsNull);
        var array = new BsonArray { null };
        Assert.True(array[0].IsNull);
    }

    [Fact]
    public void Replacing_deprecated_types_gives_their_modern_equivalents_at_any_depth()
    {
        var id = ObjectId.Parse("56e1fc72e0c917e9c4714161");
        var document = new BsonDocument
        {
            { "s", new BsonSymbol("sym") },
            { "u", BsonUndefined.Value },
            { "p", new BsonDBPointer("coll", id) },
            { "nested", new BsonArray { new BsonDocument { { "s", new BsonSymbol("x") } } } },
            { "code", new BsonJavaScriptWithScope("f()", new BsonDocument { { "u", BsonUndefined.Value } }) },
        };

        var modern = document.ReplaceDeprecatedTypes();
        Assert.Equal("sym", modern["s"].AsString);
        Assert.True(modern["u"].IsNull);
        Assert.Equal(new BsonDocument { { "$ref", "coll" }, { "$id", id } }, modern["p"]);
        Assert.Equal("x", modern["nested"].AsArray[0].AsDocument["s"].AsString);
        Assert.True(((BsonJavaScriptWithScope)modern["code"]).Scope["u"].IsNull);
        Assert.IsType<BsonSymbol>(document["s"]);
    }
}
