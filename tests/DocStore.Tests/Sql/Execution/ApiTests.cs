using DocStore.Bson.Model;
using DocStore.Tests.Sql.Support;

namespace DocStore.Tests.Sql.Execution;

public class ApiTests
{
    [Fact]
    public void A_select_reads_paths_with_a_where_filter()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("\"Ann\" | \"Oslo\"\n\"Cid\" | \"Oslo\"", SqlDatabase.Rows(db, "SELECT Name, Address.City FROM People WHERE Address.City = 'Oslo'"));
    }

    [Fact]
    public void Columns_are_named_by_alias_else_as_written()
    {
        using var db = SqlDatabase.People();
        using var rows = db.Sql.ExecuteReader("SELECT Name AS who, Address.City, Age + 1 FROM People WHERE _id = 1");
        Assert.Equal(3, rows.FieldCount);
        Assert.Equal(["who", "Address.City", "Age + 1"], Enumerable.Range(0, 3).Select(rows.GetName));
        Assert.True(rows.Read());
        Assert.Equal(new BsonInt64(32), rows.GetValue(2));
        Assert.Equal(new BsonString("Ann"), rows["who"]);
        Assert.False(rows.Read());
    }

    [Fact]
    public void A_missing_field_reads_as_null()
    {
        using var db = SqlDatabase.People();
        using var rows = db.Sql.ExecuteReader("SELECT Age, Address.City FROM People WHERE _id = 5");
        Assert.True(rows.Read());
        Assert.Same(BsonNull.Value, rows.GetValue(0));
        Assert.True(rows.IsNull(1));
    }

    [Fact]
    public void Select_star_returns_the_stored_documents()
    {
        using var db = SqlDatabase.People();
        var documents = db.Sql.Query("SELECT * FROM People WHERE Name = 'Bob'");
        var bob = Assert.Single(documents);
        Assert.Equal("bob@x.org", bob["Email"].AsString);
        Assert.Equal("Bergen", bob["Address"].AsDocument["City"].AsString);
    }

    [Fact]
    public void Query_returns_rows_as_documents_named_by_column()
    {
        using var db = SqlDatabase.People();
        var row = Assert.Single(db.Sql.Query("SELECT Name, Age AS years FROM People WHERE _id = 2"));
        Assert.Equal(new BsonDocument { { "Name", "Bob" }, { "years", 45.5 } }, row);
    }

    [Fact]
    public void Named_parameters_bind_with_any_sigil()
    {
        using var db = SqlDatabase.People();
        var parameters = new SqlParameters().Add("city", "Oslo").Add("@min", 30).Add(":max", 40L);
        Assert.Equal("Ann,Cid", SqlDatabase.Column(db, "SELECT Name FROM People WHERE Address.City = @city AND Age >= $min AND Age <= :max", parameters));
    }

    [Fact]
    public void Positional_parameters_bind_in_order()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("Bob", SqlDatabase.Column(db, "SELECT Name FROM People WHERE Age > ? AND Name <> ?", new SqlParameters().Add(40).Add("x")));
    }

    [Fact]
    public void A_missing_parameter_is_an_error_naming_it()
    {
        using var db = SqlDatabase.People();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT Name FROM People WHERE Name = @who"));
        Assert.Equal(DocStoreErrorCode.SqlParameterMissing, error.ErrorCode);
        Assert.Contains("'who'", error.Message, StringComparison.Ordinal);
        Assert.Contains("^", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Execute_scalar_returns_the_first_value()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(new BsonString("Ann"), db.Sql.ExecuteScalar("SELECT Name FROM People WHERE _id = 1"));
        Assert.Same(BsonNull.Value, db.Sql.ExecuteScalar("SELECT Name FROM People WHERE _id = 99"));
    }

    [Fact]
    public void Each_statement_of_a_script_is_one_result()
    {
        using var db = SqlDatabase.People();
        using var rows = db.Sql.ExecuteReader("SELECT Name FROM People WHERE _id = 1; SELECT Total FROM Orders WHERE _id = 102");
        Assert.True(rows.Read());
        Assert.Equal("Ann", rows.GetValue(0).AsString);
        Assert.True(rows.NextResult());
        Assert.Equal("Total", rows.GetName(0));
        Assert.True(rows.Read());
        Assert.Equal(7, rows.GetValue(0).AsInt32);
        Assert.False(rows.NextResult());
    }

    [Fact]
    public void Execute_on_a_query_changes_nothing_and_returns_minus_one()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(-1, db.Sql.Execute("SELECT * FROM People"));
    }

    [Fact]
    public void Index_statements_report_minus_one_like_other_statements_that_change_no_rows()
    {
        using var db = SqlDatabase.People();
        Assert.Equal(-1, db.Sql.Execute("CREATE INDEX ByName ON People (Name)"));
        Assert.Equal(-1, db.Sql.Execute("DROP INDEX People.ByName"));
        Assert.Equal(6, db.GetCollection("People").Count());
    }

    [Fact]
    public void Unknown_collections_and_fields_are_named_with_a_caret()
    {
        using var db = SqlDatabase.People();
        var collection = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT * FROM Peeple"));
        Assert.Equal(DocStoreErrorCode.SqlUnknownName, collection.ErrorCode);
        Assert.Contains("Unknown collection 'Peeple'", collection.Message, StringComparison.Ordinal);
        Assert.Equal(14, collection.Position);
        var field = Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT Nmae FROM People"));
        Assert.Contains("Unknown field 'Nmae' in collection 'People'", field.Message, StringComparison.Ordinal);
        Assert.Equal(1, field.Line);
        Assert.Equal(8, field.Column);
    }

    [Fact]
    public void Names_resolve_ignoring_case_when_unambiguous_and_quoted_names_exactly()
    {
        using var db = SqlDatabase.People();
        Assert.Equal("Ann", SqlDatabase.Column(db, "select name from people where _ID = 1"));
        Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT \"name\" FROM People"));
        Assert.Equal("Ann", SqlDatabase.Column(db, "SELECT \"Name\" FROM \"People\" WHERE _id = 1"));
    }

    [Fact]
    public void A_prepared_statement_runs_again_with_new_parameters()
    {
        using var db = SqlDatabase.People();
        var statement = db.Sql.Prepare("SELECT Name FROM People WHERE _id = @id");
        Assert.Same(statement, db.Sql.Prepare("SELECT Name FROM People WHERE _id = @id"));
        Assert.Equal("Ann", statement.ExecuteScalar(new SqlParameters().Add("id", 1)).AsString);
        Assert.Equal("Bob", statement.ExecuteScalar(new SqlParameters().Add("id", 2)).AsString);
    }

    [Fact]
    public void Collections_created_after_a_query_are_visible_to_the_next()
    {
        using var db = SqlDatabase.People();
        Assert.Throws<SqlExecutionException>(() => db.Sql.Query("SELECT * FROM Later"));
        db.GetCollection("Later").Insert(new BsonDocument { { "_id", 1 }, { "X", 2 } });
        Assert.Equal("2", SqlDatabase.Column(db, "SELECT X FROM Later"));
    }

    [Fact]
    public void A_session_reads_inside_its_transaction()
    {
        using var db = SqlDatabase.People();
        var people = db.GetCollection("People");
        using var session = db.Sql.OpenSession();
        using var transaction = db.BeginTransaction();
        people.Insert(transaction, new BsonDocument { { "_id", 7 }, { "Name", "Fay" } });
        session.Transaction = transaction;
        Assert.Equal("Fay", session.ExecuteScalar("SELECT Name FROM People WHERE _id = 7").AsString);
        Assert.Same(BsonNull.Value, db.Sql.ExecuteScalar("SELECT Name FROM People WHERE _id = 7"));
    }

    [Fact]
    public async Task Async_twins_return_the_same_results()
    {
        await using var db = SqlDatabase.People();
        var rows = await db.Sql.QueryAsync("SELECT Name FROM People WHERE _id = @id", new SqlParameters().Add("id", 3));
        Assert.Equal("Cid", Assert.Single(rows)["Name"].AsString);
        Assert.Equal(-1, await db.Sql.ExecuteAsync("SELECT 1 FROM People"));
    }

    [Fact]
    public void Query_of_bson_documents_reads_through_the_collection_model()
    {
        using var db = SqlDatabase.People();
        var documents = db.Sql.Query<BsonDocument>("SELECT p.* FROM People p WHERE p.Age > 40");
        Assert.Equal("Bob", Assert.Single(documents)["Name"].AsString);
    }

    [Fact]
    public void A_prepared_point_query_reads_the_same_documents_again()
    {
        using var db = SqlDatabase.People();
        var byKey = db.Sql.Prepare("SELECT * FROM People WHERE _id = ?");
        var byEmail = db.Sql.Prepare("SELECT * FROM People WHERE Email = @e");
        for (var round = 0; round < 3; round++)
        {
            Assert.Equal("Bob", Assert.Single(byKey.Query<BsonDocument>(new SqlParameters().Add(2)))["Name"].AsString);
            Assert.Equal("Bob", Assert.Single(byKey.Query<BsonDocument>(new SqlParameters().Add(2.0)))["Name"].AsString);
            Assert.Empty(byKey.Query<BsonDocument>(new SqlParameters().Add(2.5)));
            Assert.Equal("Cid", Assert.Single(byEmail.Query<BsonDocument>(new SqlParameters().Add("e", "cid@x.org")))["Name"].AsString);
            Assert.Empty(byEmail.Query<BsonDocument>(new SqlParameters().Add("e", "nobody")));
        }

        db.GetCollection("People").Insert(new BsonDocument { { "_id", 7.5 }, { "Name", "Gus" }, { "Email", "gus@x.org" } });
        Assert.Equal("Gus", Assert.Single(byKey.Query<BsonDocument>(new SqlParameters().Add(7.5)))["Name"].AsString);
        Assert.Equal("Gus", Assert.Single(byEmail.Query<BsonDocument>(new SqlParameters().Add("e", "gus@x.org")))["Name"].AsString);

        // Strings past the stack-encoded length and outside ASCII take the same answers.
        var longEmail = new string('z', 120) + "@x.org";
        db.GetCollection("People").Insert(new BsonDocument { { "_id", 8 }, { "Name", "Long" }, { "Email", longEmail } });
        db.GetCollection("People").Insert(new BsonDocument { { "_id", 9 }, { "Name", "Zoë" }, { "Email", "zoë\u0000😀@x.org" } });
        Assert.Equal("Long", Assert.Single(byEmail.Query<BsonDocument>(new SqlParameters().Add("e", longEmail)))["Name"].AsString);
        Assert.Equal("Zoë", Assert.Single(byEmail.Query<BsonDocument>(new SqlParameters().Add("e", "zoë\u0000😀@x.org")))["Name"].AsString);
        Assert.Empty(byEmail.Query<BsonDocument>(new SqlParameters().Add("e", "zoë@x.org")));
    }
}
