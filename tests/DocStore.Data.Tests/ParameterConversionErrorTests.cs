using DocStore.Bson;
using DocStore.Bson.Model;

namespace DocStore.Data.Tests;

/// <summary>
/// A parameter value with no BSON form is refused with a documented exception naming the parameter,
/// before anything runs: nesting past the document model's depth (a self-containing list included) is a
/// <see cref="CBsonLimitException"/>, a value that cannot be converted an <see cref="InvalidCastException"/>.
/// </summary>
public sealed class ParameterConversionErrorTests
{
    private enum Huge : ulong
    {
        Top = ulong.MaxValue,
    }

    private static DocStoreCommand Select(DocStoreConnection connection, string name, object? value)
    {
        var command = new DocStoreCommand($"SELECT @{name} FROM One", connection);
        command.Parameters.AddWithValue(name, value);
        return command;
    }

    private static DocStoreConnection Open()
    {
        var connection = new DocStoreConnection("Data Source=:memory:");
        connection.Open();
        connection.Context!.GetCollection("One").Insert(new BsonDocument { { "_id", 1 } });
        return connection;
    }

    // Built in a loop: the value itself must not need deep recursion to make.
    private static List<object> NestedLists(int depth)
    {
        var outer = new List<object>();
        var current = outer;
        for (var level = 1; level < depth; level++)
        {
            var inner = new List<object>();
            current.Add(inner);
            current = inner;
        }

        current.Add(1);
        return outer;
    }

    private static BsonDocument NestedDocuments(int depth)
    {
        var outer = new BsonDocument();
        var current = outer;
        for (var level = 1; level < depth; level++)
        {
            var inner = new BsonDocument();
            current.Add("a", inner);
            current = inner;
        }

        return outer;
    }

    [Fact]
    public void Lists_nest_up_to_the_document_depth_limit()
    {
        using var connection = Open();
        Assert.IsType<BsonArray>(Select(connection, "deep", NestedLists(BsonValue.MaxDepth)).ExecuteBsonScalar());
    }

    [Fact]
    public void A_list_nested_past_the_depth_limit_is_refused_naming_the_parameter()
    {
        using var connection = Open();
        var error = Assert.Throws<CBsonLimitException>(() => Select(connection, "deep", NestedLists(BsonValue.MaxDepth + 1)).ExecuteReader());
        Assert.Equal(CBsonLimit.Depth, error.Limit);
        Assert.Contains("'deep'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_list_ten_thousand_deep_is_refused_without_overflowing_the_stack()
    {
        using var connection = Open();
        var error = Assert.Throws<CBsonLimitException>(() => Select(connection, "abyss", NestedLists(10_000)).ExecuteReader());
        Assert.Contains("'abyss'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_list_that_contains_itself_is_refused()
    {
        using var connection = Open();
        var loop = new List<object>();
        loop.Add(loop);
        var error = Assert.Throws<CBsonLimitException>(() => Select(connection, "loop", loop).ExecuteReader());
        Assert.Contains("'loop'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_document_nested_past_the_depth_limit_is_refused_naming_the_parameter()
    {
        using var connection = Open();
        Assert.IsType<BsonDocument>(Select(connection, "doc", NestedDocuments(BsonValue.MaxDepth)).ExecuteBsonScalar());
        var error = Assert.Throws<CBsonLimitException>(() => Select(connection, "doc", NestedDocuments(BsonValue.MaxDepth + 1)).ExecuteReader());
        Assert.Contains("'doc'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_ulong_enum_above_long_max_binds_as_a_plain_ulong_does()
    {
        using var connection = Open();
        Assert.Equal(Select(connection, "u", ulong.MaxValue).ExecuteBsonScalar(), Select(connection, "e", Huge.Top).ExecuteBsonScalar());
        Assert.Equal(18446744073709551615m, Select(connection, "e", Huge.Top).ExecuteScalar());
    }

    [Fact]
    public void A_string_with_an_unpaired_surrogate_is_an_invalid_cast_naming_the_parameter()
    {
        using var connection = Open();
        var error = Assert.Throws<InvalidCastException>(() => Select(connection, "text", "ok\uD800").ExecuteReader());
        Assert.Contains("'text'", error.Message, StringComparison.Ordinal);
        Assert.Contains("surrogate", error.Message, StringComparison.Ordinal);

        error = Assert.Throws<InvalidCastException>(() => Select(connection, "texts", new[] { "fine", "\uDC00" }).ExecuteReader());
        Assert.Contains("'texts'", error.Message, StringComparison.Ordinal);
    }
}
