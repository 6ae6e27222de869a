using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Errors;

/// <summary>A batch insert goes to the server as one batch: a unique violation anywhere in it stores none of it, and names the document that broke it.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class BatchInsertErrorTests(PostgresServer server)
{
    [Fact]
    public void A_batch_whose_57th_document_repeats_a_stored_unique_key_stores_nothing()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        db.Members.Insert(TypedCollectionSemantics.NewMember("taken", 1, tags: ["stored"]));
        var batch = Batch(57, "taken");

        var error = Assert.Throws<DuplicateKeyException>(() => db.Members.InsertMany(batch));
        Assert.Equal("Members", error.Collection);
        Assert.Equal("Handle", error.Index);
        Assert.Equal("157", error.Key);
        AssertNothingOfTheBatch(db);
    }

    [Fact]
    public async Task A_batch_whose_57th_document_repeats_an_earlier_one_stores_nothing()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        db.Members.Insert(TypedCollectionSemantics.NewMember("taken", 1, tags: ["stored"]));
        var batch = Batch(57, "b103");

        var error = await Assert.ThrowsAsync<DuplicateKeyException>(async () => await db.Members.InsertManyAsync(batch));
        Assert.Equal("Handle", error.Index);
        Assert.Equal("157", error.Key);
        AssertNothingOfTheBatch(db);
    }

    [Fact]
    public void A_batch_with_a_stored_primary_key_in_an_explicit_transaction_stores_nothing_and_leaves_it_usable()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        var stored = TypedCollectionSemantics.NewMember("taken", 1, tags: ["stored"]);
        stored.Id = 157;
        db.Members.Insert(stored);
        var batch = Batch(57, "fresh");

        using var transaction = db.BeginTransaction();
        var error = Assert.Throws<DuplicateKeyException>(() => db.Members.InsertMany(transaction, batch));
        Assert.Null(error.Index);
        Assert.Equal("157", error.Key);
        db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("later", 3));
        transaction.Commit();
        Assert.Equal(2, db.Members.Count());
        Assert.Empty(db.Members.FindByScore(2));
        Assert.Equal(0, db.Members.CountByTags("batch"));
    }

    [Fact]
    public void Failed_writes_in_a_transaction_undo_only_themselves()
    {
        using var db = MemberDb.OpenPostgres(server.NewSchema());
        using var transaction = db.BeginTransaction();
        var first = db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 1, tags: ["a"]));

        // Refused before anything reaches the server, then refused by the server: neither takes the first write with it.
        Assert.Throws<ArgumentNullException>(() => db.Members.InsertMany(transaction, [null!]));
        Assert.Throws<DuplicateKeyException>(() => db.Members.Insert(transaction, TypedCollectionSemantics.NewMember("ada", 2)));
        Assert.Throws<ArgumentNullException>(() => db.Members.InsertMany(transaction, [null!]));
        var updated = db.Members.Get(transaction, first)!;
        updated.Tags = ["b"];
        Assert.True(db.Members.Update(transaction, updated));
        transaction.Commit();

        Assert.Equal(1, db.Members.Count());
        Assert.Equal([first], db.Members.FindByTags("b").Select(m => m.Id));
        Assert.Equal(0, db.Members.CountByTags("a"));
    }

    // 100 members with keys 101..200, the one at position <paramref name="position"/> (1-based) with handle <paramref name="handle"/>.
    private static List<Member> Batch(int position, string handle)
    {
        var batch = new List<Member>();
        for (var i = 1; i <= 100; i++)
        {
            var member = TypedCollectionSemantics.NewMember(i == position ? handle : $"b{100 + i}", 2, tags: ["batch", $"t{i}"]);
            member.Id = 100 + i;
            batch.Add(member);
        }

        return batch;
    }

    private static void AssertNothingOfTheBatch(MemberDb db)
    {
        Assert.Equal(1, db.Members.Count());
        Assert.Empty(db.Members.FindByScore(2));
        Assert.Equal(0, db.Members.CountByTags("batch"));
        Assert.Null(db.Members.Get(101));

        // The key sequence did not move either: the next generated key follows the one stored document.
        Assert.Equal(2, db.Members.Insert(TypedCollectionSemantics.NewMember("next", 3)));
    }
}
