using DocStore.Bson;
using DocStore.Bson.Interop;
using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;
using Npgsql;

namespace DocStore.PostgreSQL.Tests.Layout;

/// <summary>
/// The <c>doc</c> column as other readers meet it: the converter's relaxed Extended JSON, read back losslessly
/// by the generated JSON reader, which skips members added by hand and names what does not fit.
/// </summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class DocumentJsonTests(PostgresServer server)
{
    [Fact]
    public void The_doc_column_holds_the_converters_text_and_edge_values_read_back_exactly()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        var member = TypedCollectionSemantics.NewMember("edge", 1, city: "Zürich", tags: ["a", "\"b\""]);
        member.Balance = 1.000m;
        member.Big = (1L << 53) + 1;
        member.Ratio = 1e20;
        member.Joined = new DateTime(2020, 5, 6, 7, 8, 9, DateTimeKind.Unspecified).AddTicks(3);
        member.Seen = new DateTimeOffset(2020, 5, 6, 7, 8, 9, TimeSpan.FromHours(-14));
        var id = db.Members.Insert(member);

        var fields = new FieldDictionary();
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new CBsonWriter(buffer);
        MemberCollection.DocumentModel.Write(ref writer, member, fields);
        var expected = CBsonDocumentConverter.ToExtendedJson(buffer.WrittenSpan, fields, ExtendedJsonMode.Relaxed);
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        Assert.Equal(true, Scalar(dataSource, $"SELECT doc = @expected::jsonb FROM \"Members\" WHERE id = {id}", expected));

        Assert.Equal(member.Describe(), db.Members.Get(id)!.Describe());
        Assert.Equal(member.Describe(), db.Members.FindByHandle("edge")!.Describe());
        Assert.Equal(member.Describe(), Assert.Single(db.Members.FindByScore(1)).Describe());
        Assert.Equal(member.Describe(), MemberCollection.DocumentModel.Read(db.Members.GetDocumentBytes(id)!, db.Members.Fields).Describe());
    }

    [Fact]
    public void Members_added_by_hand_are_skipped_and_removed_ones_keep_their_defaults()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        var member = TypedCollectionSemantics.NewMember("hand", 2);
        member.Note = "note";
        var id = db.Members.Insert(member);
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        Scalar(dataSource, $"UPDATE \"Members\" SET doc = (doc - 'Note' - 'Ratio') || '{{\"Extra\": {{\"x\": [1, {{\"$oid\": \"0123456789abcdef01234567\"}}]}}}}' WHERE id = {id}");

        var loaded = db.Members.Get(id)!;
        Assert.Null(loaded.Note);
        Assert.Equal(0, loaded.Ratio);
        Assert.Equal("hand", loaded.Handle);
    }

    [Fact]
    public void A_member_of_the_wrong_type_names_the_collection_key_and_field()
    {
        var connectionString = server.NewSchema();
        using var db = MemberDb.OpenPostgres(connectionString);
        var id = db.Members.Insert(TypedCollectionSemantics.NewMember("wrong", 3, city: "Oslo"));
        using var dataSource = NpgsqlDataSource.Create(connectionString);
        Scalar(dataSource, $"UPDATE \"Members\" SET doc = jsonb_set(doc, '{{Home,City}}', '42') WHERE id = {id}");

        var e = Assert.Throws<DocumentSchemaException>(() => db.Members.Get(id));
        Assert.Equal(("Members", id.ToString(System.Globalization.CultureInfo.InvariantCulture), "Home.City"), (e.Collection, e.Key, e.FieldPath));
        Assert.Equal("holds a JSON number 42 where the member needs a string", e.Problem);
        Assert.Throws<DocumentSchemaException>(() => db.Members.FindByScore(3).ToList());
    }

    [Fact]
    public void A_negative_zero_double_reads_back_as_zero_since_jsonb_numbers_have_no_sign_of_zero()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        var member = TypedCollectionSemantics.NewMember("zero", 4);
        member.Ratio = -0.0;
        var id = db.Members.Insert(member);
        var loaded = db.Members.Get(id)!;
        Assert.Equal(0.0, loaded.Ratio);
        Assert.False(double.IsNegative(loaded.Ratio));
    }

    private static object? Scalar(NpgsqlDataSource dataSource, string sql, string? expected = null)
    {
        using var command = dataSource.CreateCommand(sql);
        if (expected is not null)
        {
            command.Parameters.AddWithValue("expected", expected);
        }

        return command.ExecuteScalar();
    }
}
