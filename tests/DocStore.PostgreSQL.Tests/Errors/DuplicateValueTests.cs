using DocStore.PostgreSQL.Tests.Models;
using DocStore.PostgreSQL.Tests.Semantics;
using DocStore.PostgreSQL.Tests.Server;

namespace DocStore.PostgreSQL.Tests.Errors;

/// <summary>A unique index violation names the value that is taken, with the same exception and message as the embedded engine's.</summary>
[Xunit.Collection(PostgresServerGroup.Name)]
public sealed class DuplicateValueTests(PostgresServer server)
{
    [Fact]
    public void A_taken_unique_value_is_named_as_the_embedded_engine_names_it()
    {
        using var embedded = MemberDb.OpenInMemory();
        using var postgres = MemberDb.OpenPostgres(server.NewSchema());
        Assert.Equal(Refusals(embedded), Refusals(postgres));
        Assert.Equal(2, postgres.Members.Count());
    }

    // Each refused write's exception (type, index, value, key, message), after two stored members.
    private static List<string> Refusals(MemberDb db)
    {
        db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 1));
        db.Members.Insert(TypedCollectionSemantics.NewMember("bob", 2));
        var bob = db.Members.FindByHandle("bob")!;
        bob.Handle = "ada";
        List<Action> writes =
        [
            () => db.Members.Insert(TypedCollectionSemantics.NewMember("ada", 3)),
            () => db.Members.Insert(new Member { Id = 9, Handle = "bob" }),
            () => db.Members.Update(bob),
            () => db.Members.Upsert(new Member { Id = 7, Handle = "ada" }),
            () => db.Members.InsertMany([TypedCollectionSemantics.NewMember("new", 4), TypedCollectionSemantics.NewMember("ada", 5)]),
            () => db.Members.InsertMany([new Member { Id = 20, Handle = "twice" }, new Member { Id = 21, Handle = "twice" }]),
        ];
        return [.. writes.Select(write =>
        {
            var error = Assert.Throws<DuplicateKeyException>(write);
            return $"{error.Index}|{error.Value}|{error.Key}|{error.Message}";
        })];
    }
}
