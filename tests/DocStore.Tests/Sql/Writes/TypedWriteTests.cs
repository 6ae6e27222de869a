using DocStore.CrashHost.Collections;

namespace DocStore.Tests.Sql.Writes;

/// <summary>SQL writes into a collection a typed model owns: the model reads them back, its indexes answer, and values it could not read are refused naming the field.</summary>
public sealed class TypedWriteTests
{
    [Fact]
    public void Sql_inserts_and_updates_read_back_through_the_typed_api_and_its_indexes()
    {
        using var db = CrashDb.OpenInMemory();
        db.Sql.Execute("INSERT INTO CrashItems (Id, Version, Code, \"Group\", Last, First, Place.City, Tags, Payload) VALUES (1, 1, 'c1', 7, 'Lin', 'Ada', 'Oslo', @tags, @payload)",
            new SqlParameters().Add("tags", new Bson.Model.BsonArray { "a", "b" }).Add("payload", new Bson.Model.BsonBinaryData([1, 2, 3])));
        db.Sql.Execute("INSERT INTO CrashItems (Id, Code, \"Group\") VALUES (2, 'c2', 7)");
        var first = db.CrashItems.Get(1)!;
        Assert.Equal(("c1", 7, "Lin", "Ada", "Oslo"), (first.Code, first.Group, first.Last, first.First, first.Place.City));
        Assert.Equal(["a", "b"], first.Tags);
        Assert.Equal(new byte[] { 1, 2, 3 }, first.Payload);
        Assert.Equal(2, db.CrashItems.FindByCode("c2")!.Id);

        db.Sql.Execute("UPDATE CrashItems SET Code = 'c9', Version = Version + 1 WHERE Id = 1");
        Assert.Null(db.CrashItems.FindByCode("c1"));
        Assert.Equal(2, db.CrashItems.FindByCode("c9")!.Version);
        db.Sql.Execute("DELETE FROM CrashItems WHERE Code = 'c2'");
        Assert.False(db.CrashItems.Exists(2));
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void A_value_the_model_cannot_read_is_refused_naming_the_field()
    {
        using var db = CrashDb.OpenInMemory();
        var error = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO CrashItems (Id, Code, \"Group\") VALUES (1, 'c1', 7), (2, 'c2', 'many')"));
        Assert.Equal(DocStoreErrorCode.SqlType, error.ErrorCode);
        Assert.Contains("'Group'", error.Message, StringComparison.Ordinal);
        Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO CrashItems (Id, \"Group\") VALUES (3, 5000000000)"));
        Assert.Equal(0, db.CrashItems.Count());
        Assert.True(db.CheckIntegrity().IsValid);
    }

    [Fact]
    public void Id_underscore_is_refused_where_the_key_has_another_name_and_nothing_is_stored()
    {
        // The model's key is Id: '_id' would be a stray field the model never reads and export shows as the key.
        using var db = CrashDb.OpenInMemory();
        var column = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO CrashItems (_id, Code, \"Group\") VALUES (5, 'c5', 7)"));
        Assert.Equal(DocStoreErrorCode.SqlNotSupported, column.ErrorCode);
        Assert.Contains("'_id' is not the key of 'CrashItems': its key field is 'Id'", column.Message, StringComparison.Ordinal);
        var document = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO CrashItems VALUES ({\"_id\": 5, \"Id\": 6, \"Code\": \"c6\"})"));
        Assert.Contains("its key field is 'Id'", document.Message, StringComparison.Ordinal);
        Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("INSERT INTO CrashItems (Id, Code) VALUES (7, 'c7') ON CONFLICT (Id) DO UPDATE SET _id = 1"));
        Assert.Equal(0, db.CrashItems.Count());

        db.Sql.Execute("INSERT INTO CrashItems (Id, Code, \"Group\") VALUES (5, 'c5', 7)");
        var set = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("UPDATE CrashItems SET _id = 9 WHERE Id = 5"));
        Assert.Contains("its key field is 'Id'", set.Message, StringComparison.Ordinal);
        var key = Assert.Throws<SqlExecutionException>(() => db.Sql.Execute("UPDATE CrashItems SET Id = 9 WHERE Id = 5"));
        Assert.Contains("cannot change the key field 'Id'", key.Message, StringComparison.Ordinal);

        Assert.Equal(5, db.CrashItems.FindByCode("c5")!.Id);
        Assert.Equal(1, db.CrashItems.Count());
        var stored = (Bson.Model.BsonDocument)db.Sql.Query("SELECT c FROM CrashItems c")[0]["c"];
        Assert.False(stored.Contains("_id"), stored.ToString());
    }
}
