namespace DocStore.Data.Tests;

/// <summary>A typed getter that cannot convert the value throws InvalidCastException naming the column, as ADO.NET's contract says.</summary>
public sealed class TypedGetterErrorTests
{
    [Fact]
    public void Text_that_is_not_a_number_date_guid_or_bool_is_an_invalid_cast_naming_the_column()
    {
        using var connection = new DocStoreConnection("Data Source=:memory:");
        connection.Open();
        connection.Context!.GetCollection("One").Insert(new DocStore.Bson.Model.BsonDocument { { "_id", 1 } });
        using var reader = new DocStoreCommand("SELECT 'abc' AS word, '42' AS digits FROM One", connection).ExecuteReader();
        Assert.True(reader.Read());
        Assert.Equal(42, reader.GetInt32(1));

        foreach (var read in new Action[] { () => reader.GetInt32(0), () => reader.GetInt64(0), () => reader.GetDouble(0), () => reader.GetDecimal(0), () => reader.GetDateTime(0), () => reader.GetGuid(0), () => reader.GetBoolean(0) })
        {
            var error = Assert.Throws<InvalidCastException>(read);
            Assert.Contains("'word'", error.Message, StringComparison.Ordinal);
            Assert.Contains("abc", error.Message, StringComparison.Ordinal);
        }
    }
}
