using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

/// <summary>Text that BSON cannot hold (an unpaired surrogate, NUL in a field name) is refused with a documented SQL error that says where.</summary>
public sealed class TextValueErrorTests
{
    [Fact]
    public void An_unpaired_surrogate_in_a_string_literal_is_a_syntax_error_at_the_surrogate()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlSyntaxException>(() => db.Sql.Query("SELECT Name FROM People\nWHERE Name = 'a\uD800b'"));
        Assert.Equal(2, error.Line);
        Assert.Equal(16, error.Column);
        Assert.Contains("surrogate", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void A_nul_in_a_string_is_a_value_and_a_column_named_after_it_is_refused_as_a_field_name()
    {
        using var db = SqlDatabase.People();
        using (var rows = db.Sql.ExecuteReader("SELECT 'a\0b' FROM People WHERE _id = 1"))
        {
            Assert.True(rows.Read());
            Assert.Equal(new BsonString("a\0b"), rows.GetValue(0));
        }

        Assert.Equal(new BsonString("a\0b"), Assert.Single(db.Sql.Query("SELECT 'a\0b' AS v FROM People WHERE _id = 1"))["v"]);
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT 'a\0b' FROM People WHERE _id = 1"));
        Assert.Contains("AS", error.Message, StringComparison.Ordinal);
    }
}
